import { createRequire } from 'node:module';

// esbuild's JavaScript API, required rather than imported: it is a CommonJS module of 97 KB, and
// an ES module's import of it has Node parse all of it (cjs-module-lexer) to find its named
// exports, 45-70 ms of every compiler run's start-up; required, it is compiled lazily.

const api = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');

// esbuild's service is one process for every call, and it keeps what each build grew (Go returns
// little to the system): at 5,000 rules it held 300 MB idle from the load's bundle through
// validation, and 560 MB by prod's bundle, where one build alone needs about 400 MB.
// `releaseService()` ends the process once no call is under way (every async call of the
// compiler goes through `esbuild` below and is counted, so none is cut off); the next call starts
// a new one, in a few milliseconds.
//
// Go's collector runs at its default in that process (no GOGC, no GOMEMLIMIT). At 5,000 rules,
// each build in a process of its own, in interleaved pairs: GOGC=200 took 0.6-1.7 s off esbuild's
// CPU in 5 of 6 but raised the build's peak in all 6 (0 to +220 MB); with GOMEMLIMIT=300MiB too,
// esbuild's peak fell to 305 MB (-85 to -120) in all 3, but its CPU rose in 2 (+1.0, +0.2, -0.5 s),
// and a fixed limit under a larger build's live heap has Go collect without pause.

/**
 * A project of this many modules (rules and data elements; the load counts declaration files) or
 * more is large: its builds take esbuild's process one at a time (5-emit/index.ts) and esbuild's
 * process is ended after each, the load's included. A small project keeps one process throughout.
 * Its network proof (rules alone) ends TypeScript's process too (2-validate/proof-process.ts).
 */
export const LARGE_PROJECT_MODULES = 1000;

let pending = 0;
let releaseWhenIdle = false;

function settled(): void {
  if (--pending === 0 && releaseWhenIdle) {
    releaseWhenIdle = false;
    void api.stop();
  }
}

function counted<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    pending++;
    const run = call(...args);
    // Counted down before the caller resumes: the service is stopped before a caller's next call.
    void run.then(settled, settled);
    return run;
  };
}

export const esbuild: typeof import('esbuild') = { ...api, build: counted(api.build), transform: counted(api.transform) };

/** Ends esbuild's service process now, or as soon as the calls under way have settled; a later call starts a new one. */
export function releaseService(): void {
  if (pending === 0) void api.stop();
  else releaseWhenIdle = true;
}
