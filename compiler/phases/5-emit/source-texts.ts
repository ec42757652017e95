import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { RawMap } from './compress';
import { shownImports, shownSourceName } from './source-names';

// esbuild writes a bundle's map without its sources' text (`sourcesContent: false`), which Node
// puts back from the texts it has: at 5,000 rules the text was 3.5 of the map's 6.3 MB, which
// esbuild built, sent down its pipe, and Node decoded and parsed, once an environment. A source's
// text is what esbuild would have written: the contents a plugin or the entry gave it, the text
// an inline source map carries (null where it carries none), or the file it read itself (the
// runtime, node_modules, a debug build's rules), read here as esbuild reads it.

/** A text as esbuild's API sends it, in UTF-8: a lone surrogate becomes U+FFFD (TextEncoder). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * A file's text as Node gets it from esbuild, where that differs from Node's reading of the file:
 * only in bytes that are not UTF-8. esbuild (charset utf8) writes a surrogate's three bytes
 * (WTF-8) as the surrogate's escape and the other bytes as they are, which Node decodes as it
 * decodes the file; read alone, the three bytes would be three U+FFFD.
 */
function fileText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (!text.includes('\ufffd')) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i + 2 < bytes.length; i++) {
    const [lead, second, third] = [bytes[i]!, bytes[i + 1]!, bytes[i + 2]!];
    if (lead !== 0xed || second < 0xa0 || second > 0xbf || third < 0x80 || third > 0xbf) continue;
    out += bytes.subarray(from, i).toString('utf8') + String.fromCharCode(0xd000 | ((second & 0x3f) << 6) | (third & 0x3f));
    from = i + 3;
    i += 2;
  }
  return out + bytes.subarray(from).toString('utf8');
}

const INLINE_MAP = '//# sourceMappingURL=data:application/json;base64,';

/** How esbuild names a file in a map whose output is in `root`. */
export function mapSourceName(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/** A path with a `.` or `..` segment, an empty one or a trailing separator: relative() would normalize it. */
const UNNORMALIZED = /[\\/]\.\.?(?=[\\/]|$)|[\\/][\\/]|[\\/]$/;

/** A module esbuild loaded from Node: its text, and the folder its inline map's sources are relative to (a file's). */
interface Loaded {
  contents: string;
  dir?: string;
  inlineMap: boolean;
}

/** The texts esbuild was given for one build, by the source names of its map. */
export class SourceTexts {
  private readonly loadedAs = new Map<string, Loaded>();
  /** The sources of the inline maps read so far, and their texts. */
  private readonly mapped = new Map<string, string | null>();
  private readonly unread = new Set<Loaded>();

  /** The root, resolved, with a separator after it. */
  private readonly under: string;

  constructor(private readonly root: string) {
    const resolved = resolve(root);
    this.under = resolved.endsWith(sep) ? resolved : `${resolved}${sep}`;
  }

  /**
   * mapSourceName(root, path): a normalized path under the root (as esbuild's and resolve()'s
   * are) is its rest, without relative() resolving both again for each module (5,000 rules: about
   * 15,000 names a build, 50-60 ms of Node's thread).
   */
  private nameOf(path: string): string {
    if (path.startsWith(this.under) && !UNNORMALIZED.test(path)) return path.slice(this.under.length).split(sep).join('/');
    return mapSourceName(this.root, path);
  }

  /** esbuild loaded `contents` as the module its map names `name` (the entry, a plugin's namespace). */
  loaded(name: string, contents: string): void {
    this.add(name, { contents: shownImports(contents, this.root), inlineMap: contents.includes(INLINE_MAP) });
  }

  /**
   * esbuild loaded `contents` for the file `path`. `map`: the sources and texts of its inline map,
   * where that map leaves the texts out (a stripped rule module's: bundle.ts), so that they are
   * neither sent to esbuild nor decoded back here.
   */
  loadedFile(path: string, contents: string, map?: Pick<RawMap, 'sources' | 'sourcesContent'>): void {
    const loaded = { contents, dir: dirname(path), inlineMap: map !== undefined || contents.includes(INLINE_MAP) };
    this.loadedAs.set(this.nameOf(path), loaded);
    if (map) this.record(loaded.dir, map);
    else if (loaded.inlineMap) this.unread.add(loaded);
  }

  /** `map` with each source's text: in the place of the map's `sourcesContent`, or where esbuild writes it (after `sources`). */
  filled(map: RawMap): RawMap {
    const sourcesContent = map.sources.map((source) => this.text(source));
    const sources = map.sources.map((source) => shownSourceName(this.root, source));
    if ('sourcesContent' in map) return { ...map, sources, sourcesContent };
    const fields = Object.entries(map).flatMap(([field, value]) => (field === 'sources' ? [[field, value], ['sourcesContent', sourcesContent]] : [[field, value]]));
    return { ...Object.fromEntries(fields), sources, sourcesContent };
  }

  private add(name: string, loaded: Loaded): void {
    this.loadedAs.set(name, loaded);
    if (loaded.inlineMap) this.unread.add(loaded);
  }

  /**
   * A module's text, or for one with an inline map, the text that map gives the source (its
   * sources are named for themselves, which in tagc's bundles is the module's own name: that map
   * is read first; the others only if a source is found nowhere else).
   */
  private text(source: string): string | null {
    const loaded = this.loadedAs.get(source);
    if (loaded && !loaded.inlineMap) return wellFormed(loaded.contents);
    if (loaded) this.read(loaded);
    if (!this.mapped.has(source)) for (const other of this.unread) this.read(other);
    if (this.mapped.has(source)) return this.mapped.get(source)!;
    return fileText(readFileSync(resolve(this.root, source)));
  }

  /** The sources and texts of `loaded`'s inline map (esbuild reads the last one), named as the bundle's map names them. */
  private read(loaded: Loaded): void {
    if (!this.unread.delete(loaded)) return;
    const { contents, dir = this.root } = loaded;
    const at = contents.lastIndexOf(INLINE_MAP);
    this.record(dir, JSON.parse(Buffer.from(contents.slice(at + INLINE_MAP.length).trim(), 'base64').toString('utf8')) as Partial<RawMap>);
  }

  /** The texts of an inline map's sources (relative to `dir`), named as the bundle's map names them. */
  private record(dir: string, map: Partial<RawMap>): void {
    (map.sources ?? []).forEach((source, i) => this.mapped.set(this.nameOf(resolve(dir, source)), map.sourcesContent?.[i] ?? null));
  }
}
