// When the bundle began to run (performance.now()): the first module that start.ts imports, so
// the first statement of a bundle. start() tells a slow start by it (runtime/core/start.ts).
export const scriptStart = performance.now();
