// Entry of a simulation pool worker (compiler/simulate/pool.ts). Workers do not inherit the
// parent's TypeScript loader, so this plain module registers tsx (as compiler/cli/bin.js does)
// and then loads the worker's TypeScript; the packages simulate() imports are loaded first
// (packages.mjs says why).
import { loadSimulationPackages } from './packages.mjs';

await loadSimulationPackages();
const { register } = await import('tsx/esm/api');
register();
await import('./pool-worker-main.ts');
