import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Runtime modules are tested directly as well as through built bundles; the compile-time
// constants get the values of the most complete (test) environment here.
export default defineConfig({
  define: {
    __TAGC_ENV__: JSON.stringify('test'),
    __TAGC_DEBUG__: 'true',
    __TAGC_VALIDATE__: 'true',
  },
  test: {
    globals: true,
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every core (vitest's default leaves one idle, which on a 2-core machine runs files one by one).
    maxWorkers: availableParallelism(),
    // The real container is built once for all files (tests/setup/real-build.ts, realBuild()).
    globalSetup: ['tests/setup/real-build.ts'],
  },
});
