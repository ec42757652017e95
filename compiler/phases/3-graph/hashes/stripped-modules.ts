import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Options } from '@swc/core';
import { rawModule, readModule, type Module } from './read-module';

/** TypeScript to JavaScript: types and comments out, whitespace minified; names and syntax kept as written. */
const STRIP: Options = {
  isModule: true,
  swcrc: false,
  configFile: false,
  minify: true,
  jsc: { target: 'es2022', parser: { syntax: 'typescript' }, minify: { compress: false, mangle: false, format: { comments: false } } },
};

const CODE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx']);

/** Each file read, stripped of its types by swc (`batch` at a time, on Node's thread pool) and split into statements. */
export async function strippedModules(files: readonly string[], batch: number): Promise<Map<string, Module>> {
  const { transform } = await import('@swc/core');
  const modules = new Map<string, Module>();
  for (let start = 0; start < files.length; start += batch) {
    const read = await Promise.all(
      files.slice(start, start + batch).map(async (abs): Promise<[string, Module]> => {
        // Read synchronously: small files, and the promise API cost four round trips each.
        const source = readFileSync(abs, 'utf8');
        if (!CODE.has(extname(abs))) return [abs, rawModule(source)];
        try {
          const options = { ...STRIP, jsc: { ...STRIP.jsc, parser: { syntax: 'typescript' as const, tsx: extname(abs).endsWith('x') } } };
          return [abs, readModule((await transform(source, options)).code)];
        } catch {
          // A module that does not parse fails the build elsewhere; its text stands for its hash.
          return [abs, rawModule(source)];
        }
      }),
    );
    for (const [abs, m] of read) modules.set(abs, m);
  }
  return modules;
}
