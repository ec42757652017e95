import type { Env } from '../../runtime/declare/types';
import type { SimulationPool } from '../simulate/pool';
import type { SimulateResult } from '../simulate/types';
import { normaliseRun, type NormalisedRun } from './normalise';
import { simulateOptions } from './options';
import type { LoadedScenario } from './types';

// Every scenario in every environment it names (of those given), on one build, through a
// simulation pool. A simulation that fails is recorded with its error; the others still run.

export type ScenarioOutcome = { run: NormalisedRun; result: SimulateResult } | { error: string };

/** scenario name -> environment -> outcome. */
export type ScenarioRuns = Map<string, Map<Env, ScenarioOutcome>>;

/** The environments a scenario runs in, of those a build has. */
export function scenarioEnvs(s: LoadedScenario, available: readonly Env[]): Env[] {
  return available.filter((e) => !s.environments || s.environments.includes(e));
}

export async function runScenarios(pool: SimulationPool, buildDir: string, scenarios: readonly LoadedScenario[], envs: readonly Env[]): Promise<ScenarioRuns> {
  const runs: ScenarioRuns = new Map();
  const jobs: Promise<void>[] = [];
  for (const s of scenarios) {
    const byEnv = new Map<Env, ScenarioOutcome>();
    runs.set(s.scenario.name, byEnv);
    for (const env of scenarioEnvs(s, envs)) {
      jobs.push(
        pool.run(simulateOptions(s.scenario, env, buildDir)).then(
          (result) => void byEnv.set(env, { run: normaliseRun(result), result }),
          (error: unknown) => void byEnv.set(env, { error: error instanceof Error ? error.message : String(error) }),
        ),
      );
    }
  }
  await Promise.all(jobs);
  // Outcomes in the order of `envs`, whatever order the pool finished them in.
  for (const [name, byEnv] of runs) runs.set(name, new Map(envs.filter((e) => byEnv.has(e)).map((e) => [e, byEnv.get(e)!])));
  return runs;
}
