import { setFlagsFromString } from 'node:v8';
import { LARGE_PROJECT_MODULES } from './esbuild-api';

// After each full GC, V8 lets its heap grow by a factor it picks from how fast it collects
// against how fast the program allocates, up to 4x what was live. A large project's build holds
// about 100 MB of live objects and allocates ~2 GB beside it, so node's heap sat at 180-260 MB
// committed while esbuild's process (300-450 MB) bundled beside it: the build's peak is the two
// together. A large project's compile caps the factor at 1.6 for node's own process (V8 reads it
// at each limit it sets, so it applies from the next GC on). 5,000 rules, 3 interleaved pairs:
// the tree's peak 831/828/798 -> 767/737/772 MB, node's 549/551/508 -> 469/441/462 MB, node's CPU
// 12.6/14.5/13.8 -> 13.4/13.4/13.6 s; a cap of 1.3 took ~100 MB off for 2.5-3.5 s more CPU.
//
// Other V8 settings were measured against this cap and not kept (V8's own growth, a 64 MB
// semi-space, less TurboFan inlining): docs/architecture.md has their figures, and what node's CPU
// off its main thread is at 5,000 rules.

/** The cap on V8's heap growth a large project's compile sets, in percent over what was live. */
export const LARGE_PROJECT_HEAP_GROWING_PERCENT = 60;

/**
 * The V8 flags a compile of `modules` declaration modules sets for its own process: the growth
 * cap for a large project, none for a small one or where node was started with a growth of the
 * user's own (`node --heap-growing-percent=…`).
 */
export function heapGrowthFlags(modules: number, execArgv: readonly string[] = process.execArgv): string[] {
  if (modules < LARGE_PROJECT_MODULES) return [];
  if (execArgv.some((a) => /^--heap[-_]growing[-_]percent(?:=|$)/.test(a))) return [];
  return [`--heap-growing-percent=${LARGE_PROJECT_HEAP_GROWING_PERCENT}`];
}

/** Sets heapGrowthFlags(modules) for this process (`set`: V8's, or a test's). */
export function boundHeapGrowth(modules: number, set: (flag: string) => void = setFlagsFromString): void {
  for (const flag of heapGrowthFlags(modules)) set(flag);
}
