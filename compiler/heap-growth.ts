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
// What node's CPU off its main thread is, at 5,000 rules (each thread's /proc stat sampled every
// 20 ms; node 20 names no thread, so by creation order: V8's four workers start with the process,
// libuv's pool at its first use; medians of 9 builds, load 5-9): node 12.0 s = main thread 5.3,
// V8's workers 3.2, libuv's pool 3.5. Of V8's part, about 2.0 s is TurboFan compiling the
// compiler's own functions (one build each: --no-concurrent-recompilation left 1.2 s there and
// the main thread at 7.0 s; --single-threaded-gc left 2.0 s there) and 1.2 s the collector's; the main
// thread's collector took another 1.4 s (CPU profile). Of the pool's, prod's and internal's swc
// compressions after internal's build about 2.6 s, stripping the 5,000 modules about 0.4. Settings
// measured against this cap and not kept (interleaved pairs, node's CPU): V8's own growth
// (--heap-growing-percent=0, 3 pairs) 12.03/13.02/12.84 -> 12.39/12.96/11.97 s, V8's workers
// 0.2-0.5 s lower, node's peak +19/+53/+21 MB; --max-semi-space-size=64 (3 pairs) 12.28/11.69/11.08
// -> 11.11/11.84/11.54 s, node's peak +72/+113/+63 MB; --max-inlined-bytecode-size-cumulative=230
// (less TurboFan inlining, 3 pairs) 11.71/11.75/12.27 -> 12.87/11.81/11.70 s: V8's workers
// 0.05/0.54/0.58 s lower, the main thread 1.08/0.15/0 s higher (less inlined code runs slower).

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
