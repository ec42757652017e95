import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { compile } from '../../compiler';
import { buildViewer } from '../../compiler/bench/viewer';
import { REPO, removeContainer } from '../helpers/container';
import { processTable, treeCpuMs } from './process-tree-cpu';
import { buildSamples } from './sample-builds';

// What `npm run build` makes, built once for every test file before any runs: the repository's
// container for every environment and a `vite build` of the viewer (side by side: the viewer is a
// child process). Test files that only read them (simulations, bundle contents, the browser site,
// published builds) take their folders with realBuild() and realViewer()
// (tests/helpers/real-build.ts) instead of building them again.

/** Fixed, so the build is reproducible across runs (it is stamped into tagc.buildInfo). */
export const REAL_BUILD_TIME = '2026-01-01T00:00:00.000Z';

declare module 'vitest' {
  export interface ProvidedContext {
    realBuild: string;
    realViewer: string;
    sampleBuilds: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  // Projects (vitest.config.ts) inherit this setup and the root project's provided context: build once.
  if (!project.isRootProject()) return undefined;
  const out = join(REPO, '.tagc-tmp', `real-build-${process.pid}`);
  const viewer = join(REPO, '.tagc-tmp', `real-viewer-${process.pid}`);
  const samples = join(REPO, '.tagc-tmp', `sample-builds-${process.pid}`);
  const remove = () => [out, viewer, samples].forEach(removeContainer);
  const startMs = Date.now();
  // The folder the run's CPU lines go to (TAGC_TEST_CPU), made here: the global setup writes first.
  const folder = process.env.TAGC_TEST_CPU;
  if (folder) mkdirSync(folder, { recursive: true });
  try {
    const [result] = await Promise.all([compile({ root: REPO, outDir: out, buildTime: REAL_BUILD_TIME }), buildViewer(viewer), buildSamples(samples)]);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) throw new Error(`the real container does not build: ${errors.map((d) => `${d.file}: ${d.message}`).join('; ')}`);
  } catch (error) {
    remove();
    throw error;
  }
  // The builds' span on the run's timeline (tests/setup/timeline.ts), beside the files' lines (tests/setup/file-cpu.ts).
  const span = { startMs, endMs: Date.now() };
  if (folder) writeFileSync(join(folder, 'global-setup.json'), JSON.stringify(span));
  project.provide('realBuild', out);
  project.provide('realViewer', viewer);
  project.provide('sampleBuilds', samples);
  // The rest of the run's CPU: vitest's main process (this one: the global setup, the reporters and
  // the transforms), and everything below it (the workers, their children, Chromium), which the
  // files' lines leave out where no file runs: worker starts, the shared Chromium.
  const main = () => {
    const cpu = process.cpuUsage();
    if (folder) writeFileSync(join(folder, 'main-process.json'), JSON.stringify({ ...span, cpuMs: Math.round((cpu.user + cpu.system) / 1000), descendantsCpuMs: treeCpuMs(processTable(), process.pid) }));
  };
  return () => {
    main();
    remove();
  };
}
