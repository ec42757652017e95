// The container's own TypeScript modules are imported through tsx. `tagc` (compiler/cli/bin.js)
// registers tsx only when a run first needs it, as registering costs about 0.4 s CPU; it leaves
// this hook for that. Without the hook (tests, a caller with its own loader) this does nothing.

const HOOK = Symbol.for('tagc.loadTypeScript');

/** Makes `import()` of a `.ts` file work in this process (once; later calls are free). */
export async function loadTypeScript(): Promise<void> {
  const hook: unknown = (globalThis as Record<symbol, unknown>)[HOOK];
  if (typeof hook === 'function') await (hook as () => Promise<void>)();
}
