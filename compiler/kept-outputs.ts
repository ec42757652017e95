import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { threadId } from 'node:worker_threads';

// Outputs of slow pure work kept between builds, in the project's node_modules/.cache/tagc:
// json-schema-to-typescript's payload types (~0.3 s CPU), ajv's standalone validators (~0.7 s),
// and each project module as swc strips and acorn parses it, and as the bundles read it (~0.6 s
// of the main thread for this container). Each is keyed by everything it depends on (the
// inputs, the working packages' versions, the working modules' own sources), so an unchanged
// input reuses its output and a changed one is worked again. Inputs with a `$ref` outside
// themselves are always converted.

/**
 * How a kept file holds its entries: JSON of strings (generated code, readable as is), or V8's
 * serialization for structured values (a parsed module's Maps and Sets). Entries stay encoded
 * until a build asks for one, so a large project pays only for what it reads.
 */
export interface KeptFormat<T> {
  read(bytes: Buffer): Map<string, unknown>;
  decode(entry: unknown): T | undefined;
  encode(value: T): unknown;
  write(entries: Map<string, unknown>): string | Uint8Array;
}

export const KEPT_STRINGS: KeptFormat<string> = {
  read(bytes) {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? new Map(Object.entries(parsed)) : new Map();
  },
  decode: (entry) => (typeof entry === 'string' ? entry : undefined),
  encode: (value) => value,
  write: (entries) => JSON.stringify(Object.fromEntries(entries)),
};

/** Structured values, each checked by `valid` as it is read back (a kept file is not trusted to hold what it should). */
export function keptValues<T>(valid: (value: unknown) => value is T): KeptFormat<T> {
  return {
    read(bytes) {
      const entries: unknown = deserialize(bytes);
      return entries instanceof Map ? entries : new Map();
    },
    decode(entry) {
      if (!(entry instanceof Uint8Array)) return undefined;
      try {
        const value: unknown = deserialize(entry);
        return valid(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    encode: (value) => serialize(value),
    write: (entries) => serialize(entries),
  };
}

/** The version of an installed package, as part of a key. */
export function packageVersion(name: string): string {
  try {
    return (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Relative imports that run: `import`/`export ... from`, side-effect and dynamic imports; `import type` is left out. */
const RELATIVE_IMPORTS = [/^\s*(?:import|export)(\s+type\b)?[^'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/gm, /^\s*import()\s*['"](\.{1,2}\/[^'"]+)['"]/gm, /\bimport()\(\s*['"](\.{1,2}\/[^'"]+)['"]/g];

/**
 * A hash of a module's source and of every module it imports by a relative path, recursively:
 * the code that does a piece of work, as part of its outputs' key, so that editing any of it
 * works the outputs again. Sources are read where they are (the precompiled compiler keeps each
 * module's own import.meta.url). `entry`: a path, or a file URL (import.meta.url) as a string or URL.
 */
export function sourcesHash(entry: string | URL): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      hash.update(`${file}\0missing\n`);
      return;
    }
    hash.update(`${file}\0${source}\n`);
    for (const [, typeOnly, spec] of RELATIVE_IMPORTS.flatMap((re) => [...source.matchAll(re)])) {
      if (typeOnly) continue;
      const base = join(dirname(file), spec);
      const found = [`${base}.ts`, join(base, 'index.ts'), base].find((f) => existsSync(f) && statSync(f).isFile());
      if (found) visit(found);
    }
  };
  // import.meta.url is a string: a file: URL read as a path would be missing, and the hash constant.
  visit(typeof entry === 'string' && !entry.startsWith('file:') ? entry : fileURLToPath(entry));
  return hash.digest('hex');
}

/**
 * How a file is, for outputs that depend on it: its content's hash; for a package's file (under
 * node_modules, changed only by an install, which writes it anew) its size and modification time,
 * as TypeScript's libraries are megabytes; '' when it is not on disk.
 */
function fileState(file: string): string {
  try {
    if (file.split(sep).includes('node_modules')) {
      const { size, mtimeMs } = statSync(file);
      return `${size}:${mtimeMs}`;
    }
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return '';
  }
}

/** The files an output was made from, each by its path from the project's root and its state (fileState). */
export type FileStates = [file: string, state: string][];

/** Whether a value read back from a kept file is FileStates. */
export const isFileStates = (value: unknown): value is FileStates => Array.isArray(value) && value.every((f) => Array.isArray(f) && typeof f[0] === 'string' && typeof f[1] === 'string');

/** The states of `files` (absolute), by their paths from `root`. */
export const filesState = (root: string, files: readonly string[]): FileStates => files.map((f) => [relative(root, f), fileState(f)]);

/** Whether every file is as it was (paths from `root`: another tree of the project compares its own files). */
export const filesUnchanged = (root: string, recorded: FileStates): boolean => recorded.every(([file, state]) => fileState(resolve(root, file)) === state);

/** Every file under the project's source folders, by path from the root: a module added where an import resolves changes what a program loads. */
export function projectFiles(root: string): string[] {
  return ['rules', 'data-elements', 'schemas', 'runtime']
    .flatMap((dir) => {
      try {
        return (readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => !f.split(sep).includes('node_modules')).map((f) => `${dir}/${f.split(sep).join('/')}`);
      } catch {
        return [];
      }
    })
    .sort();
}

/** An entry this run used: read back as it was kept (still encoded), or made anew (encoded only when saved). */
type Used<T> = { entry: unknown } | { value: T };

const working = new Map<string, string[]>();

/**
 * What a piece of work depends on besides its inputs, as part of its outputs' key: the versions
 * of the packages doing it and sourcesHash of the module doing it (read once a process).
 */
export function workingCode(module: string | URL, packages: readonly string[]): string[] {
  const id = `${String(module)}\0${packages.join('\0')}`;
  let key = working.get(id);
  if (!key) working.set(id, (key = [...packages.map(packageVersion), sourcesHash(module)]));
  return key;
}

export class KeptOutputs<T> {
  private readonly old: Map<string, unknown>;
  private readonly used = new Map<string, Used<T>>();
  /** Whether an entry was set this run (not only read back). */
  private changed = false;
  /** Saved and forgotten (flush): later work is not kept. */
  private closed = false;
  /** Work under way or done in this run, by key: asked for again, it is not done twice. */
  private readonly made = new Map<string, Promise<T>>();

  constructor(
    private readonly file: string | undefined,
    private readonly format: KeptFormat<T>,
  ) {
    this.old = file ? readEntries(file, format) : new Map();
  }

  /** Nothing was kept (a first build, or a cache that could not be read). */
  get empty(): boolean {
    return this.old.size === 0;
  }

  /** The key of a piece of work, or undefined when its output may depend on other files. */
  key(...inputs: unknown[]): string | undefined {
    const json = JSON.stringify(inputs);
    if (/"\$ref":"(?!#)/.test(json)) return undefined;
    return createHash('sha256').update(json).digest('hex');
  }

  get(key: string | undefined): T | undefined {
    if (key === undefined || !this.old.has(key)) return undefined;
    const entry = this.old.get(key);
    const value = this.format.decode(entry);
    if (value !== undefined && !this.closed) this.used.set(key, { entry });
    return value;
  }

  set(key: string | undefined, value: T): void {
    if (key === undefined || this.closed) return;
    // Held as it is, not encoded: a build that keeps nothing (no file) never pays for encoding.
    this.used.set(key, { value });
    this.changed = true;
  }

  /** The kept output of `key`, or `make()`'s, kept; each key is worked at most once a run. */
  memo(key: string | undefined, make: () => T | Promise<T>): Promise<T> {
    if (key === undefined) return Promise.resolve(make());
    let out = this.made.get(key);
    if (!out) {
      const found = this.get(key);
      out =
        found !== undefined
          ? Promise.resolve(found)
          : Promise.resolve(make()).then((value) => {
              this.set(key, value);
              return value;
            });
      this.made.set(key, out);
    }
    return out;
  }

  /** Keeps the entries this run used (outputs of removed inputs are dropped); best effort. */
  save(): void {
    if (!this.file || this.closed) return;
    // Unchanged: every entry read back as it was kept, and none dropped. An entry set anew may
    // replace one under the same key (a proof kept with the files it read has one key per project).
    const same = !this.changed && this.used.size === this.old.size;
    if (same) return;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}-${threadId}.tmp`; // renamed into place whole
      const entries = new Map([...this.used].map(([key, used]): [string, unknown] => [key, 'entry' in used ? used.entry : this.format.encode(used.value)]));
      writeFileSync(tmp, this.format.write(entries));
      renameSync(tmp, this.file);
    } catch {
      // a read-only project builds as before, only slower
    }
  }

  /**
   * Saves, then lets go of every output this run held (a large project's modules are hundreds of
   * megabytes by the end of a build); what is made later is not kept.
   */
  flush(): void {
    this.save();
    this.closed = true;
    this.used.clear();
    this.made.clear();
    this.old.clear();
  }
}

function readEntries<T>(file: string, format: KeptFormat<T>): Map<string, unknown> {
  try {
    return format.read(readFileSync(file));
  } catch {
    return new Map();
  }
}
