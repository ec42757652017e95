// Entry of a simulation pool worker (compiler/simulate/pool.ts). Workers do not inherit the
// parent's TypeScript loader, so this plain module registers tsx (as compiler/cli/bin.js does)
// and then loads the worker's TypeScript. The packages simulate() imports are loaded before tsx's
// hooks are: through them, each of happy-dom's hundreds of modules is resolved and loaded by tsx
// too, which doubled a worker's start (2.5 -> 1.3 s of CPU); the TypeScript then finds them loaded.
import 'happy-dom';
import '@sinonjs/fake-timers';
import { register } from 'tsx/esm/api';

register();
await import('./pool-worker-main.ts');
