import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { classifyTestFiles } from './tests/setup/isolation.ts';
import { moduleCacheKey } from './tests/setup/module-cache-key.ts';
import { SharedModulesLast } from './tests/setup/sequencer.ts';
import { OPTIONAL_FIELDS, unsetConstant } from './runtime/declare/unset-options.ts';

// Runtime modules are tested directly as well as through built bundles; the compile-time
// constants get the values of the most complete (test) environment here.
const define = {
  __TAGC_ENV__: JSON.stringify('test'),
  __TAGC_DEBUG__: 'true',
  __TAGC_VALIDATE__: 'true',
  ...Object.fromEntries(OPTIONAL_FIELDS.map((field) => [unsetConstant(field), 'false'])),
};
const include = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];
// A test may take 180 s: a timeout only bounds a hang, and at load 20-28 on 2 cores a test that
// runs a real CLI build (tests/foundation/install, new-event) took just over 60 s and failed on it.
// expect.poll waits up to 15 s (vitest's default is 1 s): a browser page that fetches and renders
// before the polled state appears took longer than 1 s on a loaded 2-core machine, and failed.
const options = { globals: true, testTimeout: 180_000, hookTimeout: 120_000, pool: 'forks', expect: { poll: { timeout: 15_000 } } } as const;
// Node-environment files that leave no process-wide state behind load the compiler once per worker;
// happy-dom files get a fresh window and module graph each in a VM context of a long-lived worker;
// the others a process each, as vitest's default (tests/setup/isolation.ts).
const { shared, vmDom } = classifyTestFiles(import.meta.dirname);

const project = (name: string, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({ extends: true, test: { name, ...test } });

export default defineConfig({
  define,
  plugins: [moduleCacheKey],
  test: {
    ...options,
    // Every core (vitest's default leaves one idle, which on a 2-core machine runs files one by one).
    maxWorkers: availableParallelism(),
    // The real container is built once for all files and projects (tests/setup/real-build.ts,
    // realBuild()) and one Chromium serves every browser file (tests/setup/chromium.ts): by the
    // root project, whose provided context every project inherits.
    globalSetup: ['tests/setup/real-build.ts', 'tests/setup/chromium.ts'],
    // Each file's CPU time, when the bench's `tests` group asks (TAGC_TEST_CPU).
    setupFiles: ['tests/setup/file-cpu.ts'],
    sequence: { sequencer: SharedModulesLast },
    // Transformed modules persist between runs (node_modules/.experimental-vitest-cache, keyed by
    // content and config, and by where its relative imports resolve: tests/setup/module-cache-key.ts):
    // tests/runtime transformed in 27 s summed cold, 6 s warm.
    experimental: { fsModuleCache: true },
    projects: [
      project('shared modules', { include: shared, isolate: false }),
      project('isolated', { include, exclude: [...shared, ...vmDom] }),
      // esbuild loads in a VM context with the context's own TextEncoder (tests/setup/realm-text-encoder.ts).
      project('DOM in VM contexts', { include: vmDom, pool: 'vmForks', setupFiles: ['tests/setup/realm-text-encoder.ts'] }),
    ],
  },
});
