import { readFileSync } from 'node:fs';
import { loadSwc } from '../../../swc';
import { basename, extname } from 'node:path';
import type { Options } from '@swc/core';
import { parseModule } from '../../../js-syntax';
import { keptValues, KeptOutputs, workingCode } from '../../../kept-outputs';
import { viewerOnlyRanges } from '../../../viewer-only';
import { rawModule, readModule, type Module } from './read-module';

// Project modules read once per build: each is stripped of its types by swc and parsed by acorn
// once, and that one parse serves both the declaration hashes (its statements) and the bundles
// without debug logging (its JavaScript, source map and viewer-only properties; 5-emit/bundle.ts).
// At 5,000 rules the bundles' own esbuild transform and parse per module cost about 3 s of CPU.

/** TypeScript to JavaScript: types and comments out, whitespace minified; names and syntax kept as written. */
const STRIP: Options = {
  isModule: true,
  swcrc: false,
  configFile: false,
  minify: true,
  sourceMaps: true,
  jsc: { target: 'es2022', parser: { syntax: 'typescript' }, minify: { compress: false, mangle: false, format: { comments: false } } },
};

const CODE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx']);

/** A module as JavaScript, for a bundler: positions in `code` are those `map` maps back to the source. */
export interface ModuleJs {
  code: string;
  /** swc's source map to the TypeScript source (named by its file name, with its text). */
  map: string;
  /** Ranges of `code` holding viewer-only properties (compiler/viewer-only.ts). */
  viewerOnly: [number, number][];
}

export interface StrippedModule {
  module: Module;
  /** Absent for a module that is not code or does not parse. */
  js?: ModuleJs;
}

/** A stripped module as kept between builds (compiler/kept-outputs.ts): checked as it is read back. */
function isStrippedModule(value: unknown): value is StrippedModule {
  const { module, js } = (value ?? {}) as Partial<Record<keyof StrippedModule, Record<string, unknown>>>;
  const maps = ['declared', 'imports', 'exports', 'reexports'] as const;
  const moduleOk = !!module && Array.isArray(module.statements) && Array.isArray(module.always) && Array.isArray(module.starFrom) && maps.every((m) => module[m] instanceof Map);
  return moduleOk && (js === undefined || (typeof js.code === 'string' && typeof js.map === 'string' && Array.isArray(js.viewerOnly)));
}

/** The kept stripped modules of a project (its file), for StrippedModules. */
export function keptStripped(file: string | undefined): KeptOutputs<StrippedModule> {
  return new KeptOutputs(file, keptValues(isStrippedModule));
}

/** What stripping depends on besides the module: swc, acorn, and this code. */
const strippingTools = () => workingCode(import.meta.url, ['@swc/core', 'acorn']);

async function readStripped(abs: string, kept: KeptOutputs<StrippedModule> | undefined): Promise<StrippedModule> {
  // Read synchronously: small files, and the promise API cost four round trips each.
  const source = readFileSync(abs, 'utf8');
  if (!CODE.has(extname(abs))) return { module: rawModule(source) };
  if (!kept) return strip(source, abs);
  return kept.memo(kept.key(strippingTools(), basename(abs), source), () => strip(source, abs));
}

async function strip(source: string, abs: string): Promise<StrippedModule> {
  const { transform } = await loadSwc();
  try {
    const options = { ...STRIP, sourceFileName: basename(abs), jsc: { ...STRIP.jsc, parser: { syntax: 'typescript' as const, tsx: extname(abs).endsWith('x') } } };
    const { code, map } = await transform(source, options);
    const program = parseModule(code);
    return { module: readModule(code, program), js: { code, map: map!, viewerOnly: viewerOnlyRanges(code, program) } };
  } catch {
    // A module that does not parse fails the build elsewhere; its text stands for its hash.
    return { module: rawModule(source) };
  }
}

/** The project's modules as stripped once for one build, by absolute path (swc works on Node's thread pool). */
export class StrippedModules {
  private readonly started = new Map<string, Promise<StrippedModule>>();

  /** `kept`: the outputs of earlier builds, found by each module's text (none: strip every module). */
  constructor(private readonly kept?: KeptOutputs<StrippedModule>) {}

  get(abs: string): Promise<StrippedModule> {
    let m = this.started.get(abs);
    if (!m) this.started.set(abs, (m = readStripped(abs, this.kept)));
    return m;
  }

  /** Forgets every module: once the hashes and the bundles have read them, the build does not carry them (5,000 rules: their code, maps and statements) into graph.json's making. */
  clear(): void {
    this.started.clear();
    // Kept now, not at the build's end: the bundles have read every module, and holding them
    // until then would keep them in memory through graph.json's making.
    this.kept?.flush();
  }

  /** Each file's module, `batch` at a time. */
  async modules(files: readonly string[], batch: number): Promise<Map<string, Module>> {
    const modules = new Map<string, Module>();
    for (let start = 0; start < files.length; start += batch) {
      const slice = files.slice(start, start + batch);
      const read = await Promise.all(slice.map((abs) => this.get(abs)));
      read.forEach(({ module }, i) => modules.set(slice[i], module));
    }
    return modules;
  }
}
