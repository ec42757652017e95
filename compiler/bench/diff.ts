import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { diff } from '../diff';

// `tagc diff` speed (issue 10 goal: every scenario × 5 environments × 2 builds in at most 60 s on
// the 2-core machine, plus the base build when --base is a ref): `--base HEAD` against the
// working tree of this repository, as the CLI runs it (both builds, one simulation pool). The base
// is built afresh (no kept build), as on a CI runner's first diff of a base commit.

const REPO = fileURLToPath(new URL('../..', import.meta.url));

export async function benchDiff(root: string = REPO): Promise<Record<string, number>> {
  const load1Before = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const report = await diff({ root, base: 'HEAD', cache: false });
  const totalMs = performance.now() - t0;
  // Process-wide (the pool's worker threads included): the figure a loaded machine does not inflate.
  const cpu = process.cpuUsage(cpu0);
  const t = report.timings;
  const simulationsPerBuild = report.behaviour?.runs ?? 0;
  return {
    totalMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    baseBuildMs: t['base build'] ?? 0,
    headBuildMs: t['head build'] ?? 0,
    simulationsMs: t.simulations ?? 0,
    scenarios: report.behaviour?.scenarios ?? 0,
    environments: report.environments.length,
    simulationsPerBuild,
    msPerSimulation: simulationsPerBuild ? (t.simulations ?? 0) / (2 * simulationsPerBuild) : 0,
    changedScenarios: report.behaviour?.changes.length ?? 0,
    goalMs: 60_000,
    load1Before,
    load1After: loadavg()[0]!,
  };
}
