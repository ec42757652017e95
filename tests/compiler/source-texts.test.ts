import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuild } from '../../compiler/esbuild-api';
import { BROWSER_SCRIPT } from '../../compiler/phases/5-emit/browser-build';
import type { RawMap } from '../../compiler/phases/5-emit/compress';
import { SourceTexts } from '../../compiler/phases/5-emit/source-texts';

// compiler/phases/5-emit/source-texts.ts: esbuild writes a bundle's map without its sources' text
// and Node fills it in. The filled map must be the one esbuild writes with `sourcesContent: true`,
// for every kind of source a bundle has and for text that JSON escapes or UTF-8 cannot carry.

const dir = mkdtempSync(join(tmpdir(), 'tagc-source-texts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Text esbuild and JSON treat specially: non-ASCII (two- and four-byte), a closing script tag,
// the line and paragraph separators, quotes and backslashes, a tab, a BOM-less CRLF.
const TRICKY = 'é ü 漢 😀 </script> <!-- \u2028 \u2029 "q" \\ \t\r\n';

// Read by esbuild itself: the tricky text, and bytes that are not UTF-8, which esbuild and Node
// decode differently: surrogates as three bytes each (alone, reversed, a pair), a truncated
// sequence, a stray lead and continuation, an overlong NUL, a code point past U+10FFFF.
const NOT_UTF8 = [[0xed, 0xa0, 0x80], [0xed, 0xb0, 0x80, 0xed, 0xa0, 0x80], [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xff], [0x80], [0xc0, 0x80], [0xf4, 0x90, 0x80, 0x80]];
const notUtf8 = Buffer.concat(NOT_UTF8.flatMap((bytes) => [Buffer.from(bytes), Buffer.from(' ')]));
writeFileSync(join(dir, 'disk.ts'), Buffer.concat([Buffer.from(`export const disk: string = ${JSON.stringify(TRICKY)}; /* ${TRICKY} */\n/* `), notUtf8, Buffer.from('*/\n')]));
writeFileSync(join(dir, 'valid.ts'), `export const valid = 1; /* ${TRICKY} \ufffd */\n`);
for (const name of ['inline.js', 'bare.js', 'plain.js', 'lone.js', 'hand.js', 'given.js']) writeFileSync(join(dir, name), '');

// An inline map written by hand: its text escapes a lone surrogate, which esbuild passes through.
const handMap = { version: 3, sources: ['hand-source.ts'], sourcesContent: ['export const hand = 1; // \ud800 </script>\n'], mappings: 'AAAA' };
const hand = `export const hand = 1;\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(handMap)).toString('base64')}\n`;

async function inlineMapped(sourcesContent: boolean): Promise<string> {
  const ts = `/* ${TRICKY} */\nexport const inline: number = ${sourcesContent ? 1 : 2};\n`;
  return (await esbuild.transform(ts, { loader: 'ts', format: 'esm', sourcefile: sourcesContent ? 'inline.ts' : 'bare.ts', sourcemap: 'inline', sourcesContent })).code;
}

const INLINE_MAP = '//# sourceMappingURL=data:application/json;base64,';

/**
 * A module whose inline map carries its source's text (`full`, what esbuild is given when it writes
 * the texts), and the same module with that map less its texts (`lean`), the texts given to
 * SourceTexts instead (`map`), as a stripped rule module is (5-emit/bundle.ts).
 */
async function givenMapped(): Promise<{ full: string; lean: string; map: Pick<RawMap, 'sources' | 'sourcesContent'> }> {
  const full = (await esbuild.transform(`/* ${TRICKY} */\nexport const given: number = 3;\n`, { loader: 'ts', format: 'esm', sourcefile: 'given.ts', sourcemap: 'inline' })).code;
  const at = full.lastIndexOf(INLINE_MAP);
  const { sources, sourcesContent, ...rest } = JSON.parse(Buffer.from(full.slice(at + INLINE_MAP.length).trim(), 'base64').toString('utf8')) as RawMap;
  const lean = `${full.slice(0, at)}${INLINE_MAP}${Buffer.from(JSON.stringify({ ...rest, sources })).toString('base64')}\n`;
  return { full, lean, map: { sources, sourcesContent } };
}

const entry = ['./disk.ts', './valid.ts', './inline.js', './bare.js', './plain.js', './lone.js', './hand.js', './given.js', 'virtual:module']
  .map((spec, i) => `import * as m${i} from ${JSON.stringify(spec)}; console.log(m${i});`)
  .join('\n') + `\n/* entry: ${TRICKY} */\n`;

async function build(texts: SourceTexts | undefined): Promise<string> {
  const contents: Record<string, string> = {
    'inline.js': await inlineMapped(true),
    'bare.js': await inlineMapped(false),
    'plain.js': `export const plain = ${JSON.stringify(TRICKY)}; /* ${TRICKY} */\n`,
    // A lone surrogate, which esbuild's API sends as UTF-8 (U+FFFD).
    'lone.js': `export const lone = 1; // \ud800 and \udc00 alone\n`,
    'hand.js': hand,
  };
  const given = await givenMapped();
  const plugin: Plugin = {
    name: 'test-modules',
    setup(b) {
      b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: 'v' }));
      b.onLoad({ filter: /.*/, namespace: 'v' }, () => {
        const text = `export default ${JSON.stringify(TRICKY)};\n`;
        texts?.loaded('v:virtual:module', text);
        return { contents: text, loader: 'js' };
      });
      b.onLoad({ filter: /given\.js$/ }, (args) => {
        if (!texts) return { contents: given.full, loader: 'js' };
        texts.loadedFile(args.path, given.lean, given.map);
        return { contents: given.lean, loader: 'js' };
      });
      b.onLoad({ filter: /(inline|bare|plain|lone|hand)\.js$/ }, (args) => {
        const text = contents[args.path.slice(dir.length + 1)]!;
        texts?.loadedFile(args.path, text);
        return { contents: text, loader: 'js' };
      });
    },
  };
  texts?.loaded('entry.ts', entry);
  const result = await esbuild.build({
    ...BROWSER_SCRIPT,
    minify: false,
    plugins: [plugin],
    stdin: { contents: entry, resolveDir: dir, sourcefile: 'entry.ts', loader: 'ts' },
    absWorkingDir: dir,
    outfile: 'out.js',
    sourcemap: 'external',
    sourcesContent: texts === undefined,
  });
  return result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
}

describe('a map filled with its sources\' texts', () => {
  it('is the map esbuild writes with sourcesContent, escapes and all, once written as JSON', async () => {
    const written = JSON.parse(await build(undefined)) as RawMap;
    const texts = new SourceTexts(dir);
    const lean = JSON.parse(await build(texts)) as RawMap;
    expect(lean.sourcesContent).toBeUndefined();
    const filled = texts.filled(lean);
    expect(JSON.stringify(filled)).toBe(JSON.stringify(written));
    // Not equal by accident: each kind of source is there, with its text or null.
    const textOf = (source: string) => filled.sourcesContent![filled.sources.indexOf(source)];
    expect(filled.sources).toEqual(['disk.ts', 'valid.ts', 'inline.ts', 'bare.ts', 'plain.js', 'lone.js', 'hand-source.ts', 'given.ts', 'v:virtual:module', 'entry.ts']);
    expect(textOf('disk.ts')).toContain('</script> <!-- \u2028 \u2029');
    expect(textOf('disk.ts')).toContain('/* \ud800 \udc00\ud800 😀 \ufffd \ufffd \ufffd \ufffd \ufffd\ufffd \ufffd\ufffd\ufffd\ufffd */');
    expect(textOf('valid.ts')).toContain('\ufffd */');
    expect(textOf('hand-source.ts')).toBe('export const hand = 1; // \ud800 </script>\n');
    expect(textOf('inline.ts')).toContain('漢 😀');
    expect(textOf('bare.ts')).toBeNull();
    // Its inline map as esbuild read it had no texts: the text is the one given beside it.
    expect(textOf('given.ts')).toContain('export const given: number = 3;');
    expect(textOf('lone.js')).toContain('\ufffd and \ufffd alone');
    expect(textOf('entry.ts')).toBe(entry);
  });

  it('finds a module by its path however the path and the root are written', () => {
    // Paths under the root are named by their rest (SourceTexts.nameOf); others as path.relative names them.
    for (const root of [dir, `${dir}/`, `${dir}/sub/..`]) {
      const texts = new SourceTexts(root);
      texts.loadedFile(join(dir, 'plain.js'), 'P');
      texts.loadedFile(`${dir}/sub/../valid.js`, 'V');
      texts.loadedFile(`${dir}//deep/./a.js`, 'A');
      texts.loadedFile(join(dir, '..', 'outside.js'), 'O');
      const filled = texts.filled({ version: 3, sources: ['plain.js', 'valid.js', 'deep/a.js', '../outside.js'], mappings: '', names: [] });
      expect(filled.sourcesContent).toEqual(['P', 'V', 'A', 'O']);
    }
  });

  it('keeps the place of a sourcesContent the map has (a compressed map\'s), and puts one after sources otherwise', () => {
    const texts = new SourceTexts(dir);
    texts.loaded('a.js', 'A');
    expect(Object.keys(texts.filled({ version: 3, sources: ['a.js'], mappings: '', names: [] }))).toEqual(['version', 'sources', 'sourcesContent', 'mappings', 'names']);
    const compressed = texts.filled({ version: 3, sources: ['a.js'], names: [], mappings: '', sourcesContent: [null] });
    expect(Object.keys(compressed)).toEqual(['version', 'sources', 'names', 'mappings', 'sourcesContent']);
    expect(compressed.sourcesContent).toEqual(['A']);
  });
});
