import type { EnvName, Graph } from '../graph-types';
import { requestKey, type NormalisedRequest, type NormalisedRun } from '../scenarios/normalise';
import type { ParamChange, RequestChange, RequestRef, ScenarioChange, ScenarioEnvChange, SimulationFailure } from './types';

// The behaviour diff: the same scenarios run on two builds, compared per scenario × environment
// on their normalised requests and on the rules that fired, were skipped or failed. Pure (no Node
// imports): the runs come from compiler/scenarios/run.ts.

/** Wire parameter -> readable name, from the project's mapping tables (graph.json `tables`). */
export type ParamNames = ReadonlyMap<string, string>;

/**
 * A table whose columns include `wire` and `variable` maps beacon parameters to analytics names
 * (`v22` -> `eVar22 (pageName)` when it also names the `element` that feeds it). Generic: the
 * compiler knows no container; any project may declare such a viewTable.
 */
export function paramNames(graphs: readonly (Graph | null)[]): ParamNames {
  const names = new Map<string, string>();
  for (const g of graphs) {
    for (const t of g?.tables ?? []) {
      if (!t.columns.includes('wire') || !t.columns.includes('variable')) continue;
      for (const row of t.rows) {
        const wire = row.wire;
        const variable = row.variable;
        if (typeof wire !== 'string' || typeof variable !== 'string' || names.has(wire)) continue;
        const element = typeof row.element === 'string' && row.element && row.element !== variable ? ` (${row.element})` : '';
        names.set(wire, `${variable}${element}`);
      }
    }
  }
  return names;
}

const endpoint = (r: NormalisedRequest) => `${r.method} ${r.transport} ${r.url}`;
const ref = (r: NormalisedRequest): RequestRef => ({ ...r });

/** Items of `a` not in `b`, as a multiset. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  return a.filter((x) => {
    const n = left.get(x) ?? 0;
    if (n) left.set(x, n - 1);
    return !n;
  });
}

function paramChanges(base: NormalisedRequest, head: NormalisedRequest, names: ParamNames): ParamChange[] {
  const keys = [...new Set([...Object.keys(base.params), ...Object.keys(head.params)])].sort();
  return keys
    .filter((k) => base.params[k] !== head.params[k])
    .map((k) => ({ key: k, label: names.get(k) ?? k, base: base.params[k] ?? null, head: head.params[k] ?? null }));
}

/** Requests on one side only, paired by endpoint (method, transport, URL) where both sides have one. */
export function diffRequests(base: readonly NormalisedRequest[], head: readonly NormalisedRequest[], names: ParamNames): ScenarioEnvChange['requests'] {
  const onlyBase = minusBy(base, head);
  const onlyHead = minusBy(head, base);
  const changed: RequestChange[] = [];
  const appeared: RequestRef[] = [];
  for (const h of onlyHead) {
    const i = onlyBase.findIndex((b) => endpoint(b) === endpoint(h));
    if (i < 0) {
      appeared.push(ref(h));
      continue;
    }
    const [b] = onlyBase.splice(i, 1);
    const change: RequestChange = { url: h.url, method: h.method, transport: h.transport, params: paramChanges(b!, h, names) };
    if (JSON.stringify(b!.body ?? null) !== JSON.stringify(h.body ?? null)) change.body = { base: b!.body ?? null, head: h.body ?? null };
    changed.push(change);
  }
  return { appeared, disappeared: onlyBase.map(ref), changed };
}

function minusBy(a: readonly NormalisedRequest[], b: readonly NormalisedRequest[]): NormalisedRequest[] {
  const keep = minus(a.map(requestKey), b.map(requestKey));
  const pool = new Map<string, number>();
  for (const k of keep) pool.set(k, (pool.get(k) ?? 0) + 1);
  return a.filter((r) => {
    const k = requestKey(r);
    const n = pool.get(k) ?? 0;
    if (n) pool.set(k, n - 1);
    return n > 0;
  });
}

const sides = (base: readonly string[], head: readonly string[]) => ({ added: minus(head, base), removed: minus(base, head) });

export type RunOutcome = { run: NormalisedRun } | { error: string };

/** One scenario in one environment; null when nothing differs. */
export function diffRun(env: EnvName, base: RunOutcome | undefined, head: RunOutcome | undefined, names: ParamNames): ScenarioEnvChange | null {
  const empty: NormalisedRun = { requests: [], fired: [], skipped: [], failed: [] };
  const b = base && 'run' in base ? base.run : empty;
  const h = head && 'run' in head ? head.run : empty;
  const change: ScenarioEnvChange = {
    env,
    requests: diffRequests(b.requests, h.requests, names),
    fired: sides(b.fired, h.fired),
    skipped: sides(b.skipped, h.skipped),
    failed: sides(b.failed, h.failed),
  };
  const errors = { ...(base && 'error' in base ? { base: base.error } : {}), ...(head && 'error' in head ? { head: head.error } : {}) };
  if (errors.base !== errors.head) change.errors = errors;
  const r = change.requests;
  const any =
    r.appeared.length + r.disappeared.length + r.changed.length + change.fired.added.length + change.fired.removed.length + change.skipped.added.length + change.skipped.removed.length + change.failed.added.length + change.failed.removed.length >
      0 || change.errors !== undefined;
  return any ? change : null;
}

export interface ScenarioSides {
  scenario: string;
  description: string;
  file: string;
  base: ReadonlyMap<EnvName, RunOutcome>;
  head: ReadonlyMap<EnvName, RunOutcome>;
}

/** Scenarios that changed in at least one environment, in the order given. */
export function diffBehaviour(scenarios: readonly ScenarioSides[], envs: readonly EnvName[], names: ParamNames): ScenarioChange[] {
  return scenarios.flatMap((s) => {
    const changes = envs.filter((e) => s.base.has(e) || s.head.has(e)).flatMap((e) => diffRun(e, s.base.get(e), s.head.get(e), names) ?? []);
    return changes.length ? [{ scenario: s.scenario, description: s.description, file: s.file, envs: changes }] : [];
  });
}

/** Every simulation that failed on either side, in scenario order. */
export function failedRuns(scenarios: readonly ScenarioSides[], envs: readonly EnvName[]): SimulationFailure[] {
  const error = (o: RunOutcome | undefined) => (o && 'error' in o ? o.error : undefined);
  return scenarios.flatMap((s) =>
    envs.flatMap((env): SimulationFailure[] => {
      const base = error(s.base.get(env));
      const head = error(s.head.get(env));
      return base === undefined && head === undefined ? [] : [{ scenario: s.scenario, env, ...(base === undefined ? {} : { base }), ...(head === undefined ? {} : { head }) }];
    }),
  );
}
