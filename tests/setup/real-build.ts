import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { compile } from '../../compiler';
import { REPO, removeContainer } from '../helpers/container';

// The repository's container, built once for every environment before any test file runs; test
// files that only read the real build (simulations, bundle contents, the browser site) take its
// folder with realBuild() (tests/helpers/container.ts) instead of compiling it again.

/** Fixed, so the build is reproducible across runs (it is stamped into tagc.buildInfo). */
export const REAL_BUILD_TIME = '2026-01-01T00:00:00.000Z';

declare module 'vitest' {
  export interface ProvidedContext {
    realBuild: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  // Projects (vitest.config.ts) inherit this setup and the root project's provided context: build once.
  if (!project.isRootProject()) return undefined;
  const out = join(REPO, '.tagc-tmp', `real-build-${process.pid}`);
  const result = await compile({ root: REPO, outDir: out, buildTime: REAL_BUILD_TIME });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`the real container does not build: ${errors.map((d) => `${d.file}: ${d.message}`).join('; ')}`);
  project.provide('realBuild', out);
  return () => removeContainer(out);
}
