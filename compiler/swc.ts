// @swc/core, loaded when a build first needs it. Its native module allocates with mimalloc,
// which hands freed memory back to the system only a second after it was freed (its
// `purge_delay`), and then only when the same thread allocates again: a bundle's parse or
// compression left its memory resident until the build's end (a 1.7 MB bundle parsed: 354 MB
// resident after, 232 MB with no delay; compressed on the pool: 240 against 140 MB). Its arena
// (1 GiB of address space) is also committed up front (`arena_eager_commit`), and then what the
// pool threads' compressions freed stayed resident despite the purge: four 1.7 MB compressions
// on the pool, 262 MB resident after with it, 218 MB without. The options are read from the
// environment as the native module loads, so they are set just before; a value the user set is
// kept.

export function loadSwc(): Promise<typeof import('@swc/core')> {
  process.env.MIMALLOC_PURGE_DELAY ??= '0';
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
  return import('@swc/core');
}
