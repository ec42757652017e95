import type { BuildOptions } from 'esbuild';

/**
 * What every script tagc ships to a browser is built as: one minified ES2020 IIFE kept in memory.
 * The container bundles, their debug companions and the bench's Turbine peer share it, so the
 * bench compares like with like; the scripts that ship without debug logging are then compressed
 * by swc (compress.ts).
 */
export const BROWSER_SCRIPT = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  write: false,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'silent',
} as const satisfies BuildOptions;
