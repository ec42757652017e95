// Where swc works on a script. Its async calls run on Node's thread pool, and each pool thread
// keeps the memory its largest call grew (thread-local state and its own malloc arena): a
// 1.7 MB bundle compressed on each of the four threads in turn took node's resident memory from
// 142 to 239 MB, parsed in turn from 372 to 563 MB, where the same calls made synchronously
// stayed at 137 and 349 MB (the main thread alone keeps its growth, once). A large project's
// bundles are therefore worked on the main thread; the container's (under 300 KB) keep the pool,
// where the environments' five compressions overlap. A worker_threads Worker is no way out:
// @swc/core's native module crashes the process (SIGSEGV) when a Worker that loaded it ends.

/** Scripts at least this long (UTF-16 units) are worked synchronously on the main thread. */
const MAIN_THREAD_CHARS = 512 * 1024;

export function onMainThread(script: string): boolean {
  return script.length >= MAIN_THREAD_CHARS;
}
