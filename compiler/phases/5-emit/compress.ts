import type { Options, Output } from '@swc/core';
import { loadSwc } from '../../swc';

// A second minifier after esbuild, for scripts built without debug logging. esbuild bundles,
// tree-shakes and minifies quickly but compresses little across statements; swc's compressor
// (safe options, COMPRESS below) on esbuild's output took the prod bundle from 39,277 to
// 37,701 B gzip -9 in about 100 ms, where terser took 1.5 s for 37,663 B. Debug builds are
// left as esbuild writes them: they are read in devtools.

// Statements are not joined into comma sequences: the raw bundle grows by 11 B, but separate
// statements repeat more of each other's text for gzip (33,999 -> 33,966 B gzip -9 prod). Two of
// the options that change what a function object is, never what a call does: unused trailing
// parameters are dropped (`keep_fargs: false`; no runtime code reads a function's `length`), and
// `k: function () {}` becomes the method `k() {}` (`unsafe_methods`; none is called with `new`):
// 33,941 -> 33,919 B gzip -9 prod. A regular expression held in a constant is written where it is
// used (`unsafe_regexp`; 33,914 -> 33,871 B): a literal makes a new RegExp object each time it is
// evaluated, which changes nothing for the runtime's expressions (none keeps state across calls:
// the one global one goes only to `replace`, which starts from 0), at the cost of one small
// allocation a call. The other `unsafe*` options (arrows, comparisons, math) gained 0-1 B.
const COMPRESS = { sequences: false, keep_fargs: false, unsafe_methods: true, unsafe_regexp: true } as const;

const OPTIONS: Options = {
  minify: true,
  isModule: false,
  swcrc: false,
  configFile: false,
  jsc: {
    target: 'es2020',
    parser: { syntax: 'ecmascript' },
    // Five passes: each pass finds what the previous one made possible (36,038 -> 35,530 B gzip -9
    // prod; the sixth and later passes change nothing).
    minify: { compress: { ...COMPRESS, passes: 5 }, mangle: true },
  },
};

/** How many compress passes (default five, OPTIONS): a script that is mostly data gains nothing from the later ones. */
export interface CompressOptions {
  passes?: number;
}

function optionsFor({ passes }: CompressOptions): Options {
  if (passes === undefined) return OPTIONS;
  return { ...OPTIONS, jsc: { ...OPTIONS.jsc, minify: { ...OPTIONS.jsc!.minify, compress: { ...COMPRESS, passes } } } };
}

export interface Compressed {
  code: string;
  /** The map from the compressed code to the original sources (`inputMap` chained), when one was given. */
  map?: string;
}

export interface RawMap {
  sources: string[];
  sourcesContent?: (string | null)[];
  [field: string]: unknown;
}

/** Compresses one minified browser script; with esbuild's source map, returns the chained map. */
export async function compressScript(code: string, inputMap?: string, options: CompressOptions = {}): Promise<Compressed> {
  const out = await compressWithMap(code, inputMap, options);
  return { code: out.code, ...(out.map ? { map: JSON.stringify(out.map) } : {}) };
}

/** compressScript with the chained map as an object, for a caller that adds fields before writing it (the map of megabytes is parsed and written once instead of twice each). */
export async function compressWithMap(code: string, inputMap?: string, options: CompressOptions = {}): Promise<{ code: string; map?: RawMap }> {
  // Imported here: the native module is only needed by builds that ship without debug logging.
  const { transform } = await loadSwc();
  // On Node's thread pool at every size: the main thread meanwhile answers the next environment's
  // esbuild build, which waits on it for its project modules (./swc-thread.ts).
  const run = (opts: Options): Promise<Output> => transform(code, opts);
  const swc = optionsFor(options);
  if (inputMap === undefined) return { code: (await run({ ...swc, sourceMaps: false })).code };
  // swc chains the map without the sources' text, which is put back by name: carried through, the
  // text doubled its time (5,000 rules: 1.5 s against 0.7 s).
  const { sourcesContent = [], ...lean } = JSON.parse(inputMap) as RawMap;
  const out = await run({ ...swc, sourceMaps: true, inputSourceMap: JSON.stringify(lean) });
  const textOf = new Map(lean.sources.map((source, i) => [source, sourcesContent[i] ?? null]));
  const map = JSON.parse(out.map!) as RawMap;
  return { code: out.code, map: { ...map, sourcesContent: map.sources.map((source) => textOf.get(source) ?? null) } };
}
