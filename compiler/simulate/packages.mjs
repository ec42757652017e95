// The packages a simulation loads (compiler/simulate/index.ts), for a process to load before it
// registers tsx: loaded through tsx's hooks, each of happy-dom's hundreds of modules is resolved
// and loaded by tsx too, which doubled the start of a process that simulates (2.5 -> 1.3 s of
// CPU for a pool worker). The TypeScript imported later finds them loaded. Plain JavaScript, so
// that the pool worker's entry (pool-worker.js, run without a loader) shares it with the CLI.

/** @returns {Promise<void>} */
export async function loadSimulationPackages() {
  await Promise.all([import('happy-dom'), import('@sinonjs/fake-timers')]);
}
