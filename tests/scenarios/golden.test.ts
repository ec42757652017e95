import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatGolden, goldenDocument } from '../../compiler/scenarios/golden';
import { loadScenarios } from '../../compiler/scenarios/load';
import { runScenarios, type ScenarioRuns } from '../../compiler/scenarios/run';
import { createSimulationPool } from '../../compiler/simulate/pool';
import { ENVIRONMENTS } from '../../runtime/declare/types';
import { REPO } from '../helpers/container';
import { realBuild } from '../helpers/real-build';

// The golden files: every scenario of tests/scenarios/ runs in each of its environments on a fresh
// build of the container, and what it sends (normalised) must be what its reviewed file under
// tests/scenarios/golden/ records. After an intended change, rewrite them with
//   TAGC_UPDATE_GOLDEN=1 npx vitest run tests/scenarios/golden.test.ts
// and review the diff of the golden files like any other change.

const GOLDEN = join(REPO, 'tests', 'scenarios', 'golden');
const UPDATE = process.env.TAGC_UPDATE_GOLDEN === '1';
const loaded = await loadScenarios(REPO, join(REPO, 'tests', 'scenarios'));

// The build is this run's build of the container (tests/setup/real-build.ts), shared read-only.
const out = realBuild();
let runs: ScenarioRuns;
// One worker: the run's other files keep the other core busy, and a second worker cost its own
// start (loading happy-dom: about 1.3 s of CPU) and a second cold JIT: 325 simulations took
// 22.6 and 22.9 s of CPU on one worker, 24.8 and 28.7 s on two (load 15-20); at load 20 they
// took 130-155 s.
beforeAll(async () => {
  const pool = createSimulationPool({ workers: 1 });
  try {
    runs = await runScenarios(pool, out, loaded, ENVIRONMENTS);
  } finally {
    await pool.close();
  }
  if (UPDATE) {
    mkdirSync(GOLDEN, { recursive: true });
    for (const file of readdirSync(GOLDEN)) if (file.endsWith('.json')) rmSync(join(GOLDEN, file));
    for (const { scenario } of loaded) writeFileSync(join(GOLDEN, `${scenario.name}.json`), formatGolden(goldenDocument(scenario, runs.get(scenario.name)!)));
  }
}, 600_000);

describe('the scenarios', () => {
  it('number at least forty, over at least five families', () => {
    expect(loaded.length).toBeGreaterThanOrEqual(40);
    expect(new Set(loaded.map((s) => s.family)).size).toBeGreaterThanOrEqual(5);
  });

  it('each have a golden file, and every golden file has its scenario', () => {
    const files = readdirSync(GOLDEN).filter((f) => f.endsWith('.json')).sort();
    expect(files).toEqual(loaded.map((s) => `${s.scenario.name}.json`).sort());
  });

  it.each(loaded.map((s) => [s.scenario.name, s] as const))('%s sends what its golden file records, in every environment', (name, s) => {
    const outcomes = runs.get(name)!;
    const failures = [...outcomes].flatMap(([env, o]) => ('error' in o ? [`${env}: ${o.error}`] : []));
    expect(failures).toEqual([]);
    const file = join(GOLDEN, `${name}.json`);
    expect(existsSync(file), `${file} is missing: run with TAGC_UPDATE_GOLDEN=1`).toBe(true);
    expect(formatGolden(goldenDocument(s.scenario, outcomes))).toBe(readFileSync(file, 'utf8'));
  });
});
