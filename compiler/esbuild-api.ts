import { createRequire } from 'node:module';

// esbuild's JavaScript API, required rather than imported: it is a CommonJS module of 97 KB, and
// an ES module's import of it has Node parse all of it (cjs-module-lexer) to find its named
// exports, 45-70 ms of every compiler run's start-up; required, it is compiled lazily.

export const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
