import type { EnvName, Graph, Manifest } from '../../../compiler/graph-types';
import { diffStructure } from '../../../compiler/diff/structure';
import type { DiffReport, ScenarioEnvChange, StructureDiff } from '../../../compiler/diff/types';
import { checkDiffReport, ShapeError } from './check-build';
import { dataBase, loadChecked, loadGraph, loadManifest, LoadError } from './fetch-build';
import { publishInfo, publishRoot } from './releases';

// What Compare sets against the environment on screen (the head): another environment of this
// build (`env:<name>`) or the same environment of another published build (`build:<id>`). The
// diff itself is the structural diff `tagc diff` prints (compiler/diff/structure.ts). Or a
// `tagc diff --format json` report (`report:<file>`): a file beside the build (what `tagc serve
// --diff` serves as diff.json, or what CI publishes), or one the analyst opened from disk
// (`report:local:<name>`, held by this page only), with the behaviour per scenario it carries.

export type CompareBase = { kind: 'env'; env: string } | { kind: 'build'; buildId: string } | { kind: 'report'; file: string };

export function parseBase(value: string | null): CompareBase | null {
  const m = /^(env|build|report):(.+)$/.exec(value ?? '');
  if (!m) return null;
  return m[1] === 'env' ? { kind: 'env', env: m[2]! } : m[1] === 'build' ? { kind: 'build', buildId: m[2]! } : { kind: 'report', file: m[2]! };
}

export const formatBase = (b: CompareBase): string => (b.kind === 'env' ? `env:${b.env}` : b.kind === 'build' ? `build:${b.buildId}` : `report:${b.file}`);

export const describeBase = (b: CompareBase, env: string): string =>
  b.kind === 'env' ? `${b.env} of this build` : b.kind === 'build' ? `${env} of build ${b.buildId}` : `the tagc diff report ${b.file.replace(/^local:/, '')}`;

const LOCAL = 'local:';
const opened = new Map<string, DiffReport>();

/** A report file the analyst chose or dropped: checked now, then reachable as `report:local:<name>` until the page reloads. */
export async function openReportFile(file: File): Promise<CompareBase> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text()) as unknown;
  } catch (error) {
    throw new ShapeError(`${file.name} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  opened.set(file.name, checkDiffReport(json, file.name));
  return { kind: 'report', file: `${LOCAL}${file.name}` };
}

export function loadReport(file: string): Promise<DiffReport> {
  if (!file.startsWith(LOCAL)) return loadChecked(file, checkDiffReport);
  const report = opened.get(file.slice(LOCAL.length));
  return report ? Promise.resolve(report) : Promise.reject(new Error(`${file.slice(LOCAL.length)} was opened from disk on an earlier page; open it again`));
}

/** A scenario whose run changed in one environment. */
export interface ReportScenario {
  scenario: string;
  description: string;
  file: string;
  change: ScenarioEnvChange;
}

/** What a report says of one environment: its structural diff (if it covers it) and each changed scenario's run there. */
export function reportFor(report: DiffReport, env: string): { structure: StructureDiff | null; scenarios: ReportScenario[] } {
  const scenarios = (report.behaviour?.changes ?? []).flatMap((c) => c.envs.filter((e) => e.env === env).map((change) => ({ scenario: c.scenario, description: c.description, file: c.file, change })));
  return { structure: report.structure.find((s) => s.env === env) ?? null, scenarios };
}

/** The base graph, or why there is none (an environment the other build lacks is compared as empty). */
export async function loadBase(base: Exclude<CompareBase, { kind: 'report' }>, env: string, manifest: Manifest): Promise<Graph | null> {
  if (base.kind === 'env') return loadGraph(base.env);
  const info = publishInfo(manifest);
  if (!info) throw new Error('this build was not published, so there are no other builds to compare with');
  const folder = new URL(`builds/${encodeURIComponent(base.buildId)}/`, publishRoot(info, dataBase())).href;
  const other = await loadManifest(folder).catch((error: unknown) => {
    // A bucket answers 403 rather than 404 for a missing object when the reader may not list it.
    if (error instanceof LoadError && (error.status === 404 || error.status === 403)) {
      throw new Error(`build ${base.buildId} is not on the bucket (HTTP ${error.status}): it was never published there, or tagc prune removed it`);
    }
    throw error;
  });
  return env in other.environments ? loadGraph(env, folder) : null;
}

export const compare = (env: string, base: Graph | null, head: Graph): StructureDiff => diffStructure(env as EnvName, base, head);
