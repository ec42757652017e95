import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compile } from '../index';
import { cacheDir } from '../typecheck';
import type { EnvName, Graph, Manifest } from '../graph-types';
import { loadScenarios } from '../scenarios/load';
import { runScenarios, type ScenarioRuns } from '../scenarios/run';
import type { LoadedScenario } from '../scenarios/types';
import { createSimulationPool } from '../simulate/pool';
import { ENVIRONMENTS } from '../../runtime/declare/types';
import { OWN_RUNTIME_START, runtimeFolderOf, runtimeStartOf } from '../phases/5-emit/runtime-modules';
import { baseCacheKey, cachedBase, keepBase, runtimeFingerprint, toolFingerprint } from './base-cache';
import { diffBehaviour, failedRuns, paramNames, type RunOutcome } from './behaviour';
import { failuresOf } from './fail-on';
import { diffStructure } from './structure';
import type { BehaviourDiff, DiffReport, FailOn } from './types';

// `tagc diff`: two builds of a project (a git ref built in a temporary worktree by this checkout's
// compiler, or an existing build folder) compared by structure (graph.json) and by behaviour (the
// project's scenarios run on both through one simulation pool).

export interface DiffOptions {
  /** Project root (the head's declarations, and its scenarios). */
  root: string;
  /** A git ref of the project's repository, or a build folder (one holding manifest.json). */
  base: string;
  /** A build folder; default: the working tree of `root`, built afresh. */
  head?: string;
  /** Environments to compare; default every environment of either build. */
  envs?: EnvName[];
  /** Scenario folder; default `<root>/tests/scenarios` when it exists; null: structure only. */
  scenarios?: string | null;
  failOn?: FailOn[];
  /** Simulation workers (default: the pool's). */
  workers?: number;
  /** Reuse and keep the base build of a git ref (compiler/diff/base-cache.ts); default true. */
  cache?: boolean;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
}

const isBuild = (dir: string) => existsSync(join(dir, 'manifest.json'));

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).trim();
}

/** The commit `ref` names in the repository at root. */
function commitOf(root: string, ref: string): string {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--base ${ref}: neither a build folder (with manifest.json) nor a commit of the repository at ${root}`);
  }
}

/**
 * The build of `ref`: the one kept from an earlier diff of the same tree by the same tagc (of
 * these environments, or of every one), or built now and kept (unless `cache` is false).
 */
async function baseBuild(root: string, ref: string, work: string, envs: EnvName[] | undefined, cache: boolean): Promise<{ dir: string; cached: boolean }> {
  const commit = commitOf(root, ref);
  const input = cache ? { tree: git(root, ['rev-parse', `${commit}^{tree}`]), tool: toolFingerprint(), runtime: runtimeFingerprint(runtimeFolderOf(root)), root } : null;
  const keyOf = (built: EnvName[] | undefined) => (input ? baseCacheKey({ ...input, envs: built }) : null);
  const key = keyOf(envs);
  // A kept build of every environment answers a diff of some: an environment's output is the same
  // built alone or beside the others, and the diff reads only the environments asked for.
  const every = envs ? keyOf(undefined) : null;
  const kept = key ? (cachedBase(root, key) ?? (every ? cachedBase(root, every) : null)) : null;
  if (kept) return { dir: kept, cached: true };
  const built = await buildRef(root, ref, commit, work, envs);
  return { dir: key ? keepBase(root, key, built) : built, cached: false };
}

/**
 * Builds `commit` of the repository at root with this checkout's compiler: a detached worktree under
 * `<root>/.tagc-tmp/` (so that the project's node_modules resolve), always removed afterwards.
 */
async function buildRef(root: string, ref: string, commit: string, work: string, envs: EnvName[] | undefined): Promise<string> {
  const tree = join(work, 'base-src');
  git(root, ['worktree', 'add', '--detach', '--force', tree, commit]);
  try {
    // Both sides run the runtime the head builds with, as the runtime is not what is compared: the
    // ref's runtime/ gives way to the working tree's (copied, a link as the link, so that its files
    // are the base tree's own, as the head's are its own: the network proof trusts a project's
    // runtime/ by where it is), or to this tagc's, linked, when the project holds none.
    const runtime = join(tree, 'runtime');
    const headRuntime = runtimeFolderOf(root);
    if (runtimeStartOf(root) !== OWN_RUNTIME_START) {
      rmSync(runtime, { recursive: true, force: true });
      cpSync(headRuntime, runtime, { recursive: true });
    } else if (existsSync(runtime)) {
      rmSync(runtime, { recursive: true, force: true });
      symlinkSync(headRuntime, runtime, 'dir');
    }
    const out = join(work, 'base');
    // The worktree is the project root, so the build time is that commit's (reproducible).
    try {
      // The modules the ref shares with the working tree are worked once (kept by their text).
      await compile({ root: tree, outDir: out, envs, keptIn: cacheDir(root) });
    } catch (error) {
      // Typically a ref older than a check this compiler adds: say which side failed and what to do.
      throw new Error(
        `--base ${ref} (${commit.slice(0, 7)}) does not build with this checkout's compiler; build that ref with its own tagc and pass its build folder as --base. ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return out;
  } finally {
    try {
      git(root, ['worktree', 'remove', '--force', tree]);
    } catch {
      rmSync(tree, { recursive: true, force: true });
      git(root, ['worktree', 'prune']);
    }
  }
}

/** A build's manifest and the graphs of `envs` (of every environment it has when not given). */
function readBuild(dir: string, envs: readonly EnvName[] = ENVIRONMENTS): { manifest: Manifest; graphs: Map<EnvName, Graph> } {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const graphs = new Map<EnvName, Graph>();
  for (const env of envs) {
    const entry = manifest.environments[env];
    if (!entry) continue;
    const file = join(dir, entry.graph ?? join(env, 'graph.json'));
    graphs.set(env, JSON.parse(readFileSync(existsSync(file) ? file : join(dir, env, 'graph.json'), 'utf8')) as Graph);
  }
  return { manifest, graphs };
}

const outcomes = (runs: ScenarioRuns, name: string): Map<EnvName, RunOutcome> => new Map(runs.get(name) ?? []);

type Build = ReturnType<typeof readBuild> & { dir: string };
type Timer = <T>(name: string, f: () => Promise<T>) => Promise<T>;

/** Every scenario in the environments it names, on both builds through one pool, compared. */
async function behaviour(root: string, dir: string, base: Build, head: Build, envs: EnvName[], options: DiffOptions, time: Timer): Promise<BehaviourDiff> {
  const scenarios: LoadedScenario[] = await loadScenarios(root, dir);
  const pool = createSimulationPool({ workers: options.workers });
  let runs: [ScenarioRuns, ScenarioRuns];
  try {
    options.log?.(`running ${scenarios.length} scenarios on both builds (${pool.workers} workers)`);
    const on = (b: Build) => runScenarios(pool, b.dir, scenarios, envs.filter((e) => b.graphs.has(e)));
    runs = await time('simulations', () => Promise.all([on(base), on(head)]));
  } finally {
    await pool.close();
  }
  const names = paramNames([...head.graphs.values(), ...base.graphs.values()]);
  const sides = scenarios.map((s) => ({ scenario: s.scenario.name, description: s.scenario.description, file: s.file, base: outcomes(runs[0], s.scenario.name), head: outcomes(runs[1], s.scenario.name) }));
  const count = (r: ScenarioRuns) => [...r.values()].reduce((n, m) => n + m.size, 0);
  return { scenarios: scenarios.length, runs: Math.max(count(runs[0]), count(runs[1])), changes: diffBehaviour(sides, envs, names), failures: failedRuns(sides, envs) };
}

function scenarioFolder(root: string, option: string | null | undefined): string | null {
  if (option === undefined) return existsSync(join(root, 'tests', 'scenarios')) ? join(root, 'tests', 'scenarios') : null;
  return option && resolve(root, option);
}

export async function diff(options: DiffOptions): Promise<DiffReport> {
  const root = resolve(options.root);
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  const time: Timer = async (name, f) => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      timings[name] = Math.round(performance.now() - t0);
    }
  };
  const tmp = join(root, '.tagc-tmp');
  const work = join(tmp, `diff-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(work, { recursive: true });
  try {
    const given = isBuild(resolve(root, options.base)) ? resolve(root, options.base) : null;
    const { dir: baseDir, cached } = given
      ? { dir: given, cached: false }
      : await time('base build', async () => {
          log(`building ${options.base}`);
          const b = await baseBuild(root, options.base, work, options.envs, options.cache !== false);
          if (b.cached) log(`${options.base}: reusing its build kept by an earlier diff`);
          return b;
        });
    const headDir = options.head
      ? resolve(root, options.head)
      : await time('head build', async () => (log('building the working tree'), (await compile({ root, outDir: join(work, 'head'), envs: options.envs })).outDir));
    if (!isBuild(headDir)) throw new Error(`--head ${options.head}: not a build folder (no manifest.json)`);
    const base: Build = { ...readBuild(baseDir, options.envs), dir: baseDir };
    const head: Build = { ...readBuild(headDir, options.envs), dir: headDir };
    const envs = options.envs ?? ENVIRONMENTS.filter((e) => base.graphs.has(e) || head.graphs.has(e));
    const structure = envs.map((env) =>
      diffStructure(env, base.graphs.get(env) ?? null, head.graphs.get(env) ?? null, { baseHosts: base.manifest.environments[env]?.hosts, headHosts: head.manifest.environments[env]?.hosts }),
    );
    const report: DiffReport = {
      format: 1,
      base: { label: options.base, version: base.manifest.version ?? null, ...(given ? {} : { cached }) },
      head: { label: options.head ?? 'working tree', version: head.manifest.version ?? null },
      environments: envs,
      structure,
      failed: failuresOf(options.failOn ?? [], structure),
      timings,
    };
    const scenarios = scenarioFolder(root, options.scenarios);
    if (scenarios) report.behaviour = await behaviour(root, scenarios, base, head, envs, options, time);
    return report;
  } finally {
    rmSync(work, { recursive: true, force: true });
    // Leave no empty .tagc-tmp/ behind (rmdir refuses a folder something else has since written to).
    try {
      rmdirSync(tmp);
    } catch {
      // Not empty, or gone: both fine.
    }
  }
}
