// Where swc parses a script (./swc-positions.ts, what the tooling scan gives up on). Its async
// calls run on Node's thread pool, and each pool thread keeps the memory its largest call grew
// (thread-local state and its own malloc arena): a 1.7 MB bundle parsed on each of the four
// threads in turn took node's resident memory from 372 to 563 MB, where the same calls made
// synchronously stayed at 349 MB (the main thread alone keeps its growth, once). A large
// project's bundles are therefore parsed on the main thread; the container's (under 300 KB) keep
// the pool. A worker_threads Worker that ends is no way out either. One that loaded @swc/core
// crashed the process (SIGSEGV) as it ended when this was first tried; one that requires it,
// compresses synchronously and ends once done did not (18 ends over 9 builds, @swc/core 1.16.18),
// but at 5,000 rules prod's and internal's compressions each in such a Worker left node's peak
// where it was (554 -> 548 MB, medians of 10 and 9 interleaved runs spread over 460-601 MB),
// the tree's higher (864 -> 888 MB) and node's CPU 12.3 -> 12.7 s.
// Compression (./compress.ts) stays on the pool at every size: what a thread keeps of it is
// smaller (a 1.7 MB bundle compressed four times: 138 -> 229 MB on the pool, 144 -> 161 MB on the
// main thread), and on the main thread prod's compression held up internal's esbuild build,
// which waits on Node for its project modules.

/** Scripts at least this long (UTF-16 units) are worked synchronously on the main thread. */
const MAIN_THREAD_CHARS = 512 * 1024;

export function onMainThread(script: string): boolean {
  return script.length >= MAIN_THREAD_CHARS;
}
