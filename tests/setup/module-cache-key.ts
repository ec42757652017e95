import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

// vitest's file-system module cache (experimental.fsModuleCache) keys a transformed module by its
// own source and the configuration, but the transformed code holds its imports already resolved:
// when `./x.ts` becomes `./x/index.ts`, an unchanged importer is served with the old path and the
// run dies at start-up ("Cannot find module", then "code.charCodeAt is not a function" while vite
// maps the stack). The files the module's relative imports resolve to are part of its key here.

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** What each relative import of a module resolves to now, in order (`?` for one that resolves to no file). */
export function resolvedImportsKey(id: string, sourceCode: string): string {
  const dir = dirname(id.split('?')[0]);
  const resolved: string[] = [];
  for (const [, specifier] of sourceCode.matchAll(RELATIVE_IMPORT)) {
    const base = resolve(dir, specifier);
    const suffix = CANDIDATES.find((c) => isFile(base + c));
    resolved.push(suffix === undefined ? '?' : suffix);
  }
  return resolved.join(',');
}

export const moduleCacheKey: Plugin = {
  name: 'tagc-module-cache-key',
  configureVitest(context) {
    context.experimental_defineCacheKeyGenerator(({ id, sourceCode }) => resolvedImportsKey(id, sourceCode));
  },
};
