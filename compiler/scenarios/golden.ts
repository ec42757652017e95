import type { Env } from '../../runtime/declare/types';
import { requestKey, type NormalisedRequest } from './normalise';
import type { ScenarioOutcome } from './run';
import type { Scenario } from './types';

// A scenario's golden file (tests/scenarios/golden/<name>.json): what it sends, normalised, as
// reviewed JSON. Each distinct request is listed once with the environments that send it (`in`,
// left out when every environment does), so that a change shows once, not once per environment;
// likewise the rules that fired, were skipped, or failed (`rule @ event [envs]`).

export interface GoldenRequest extends NormalisedRequest {
  /** Environments that send it, when not all of the scenario's. */
  in?: Env[];
}

export interface GoldenDocument {
  scenario: string;
  description: string;
  environments: Env[];
  requests: GoldenRequest[];
  fired: string[];
  skipped: string[];
  failed: string[];
  /** Environments whose simulation failed, with the error. */
  errors?: Partial<Record<Env, string>>;
}

/**
 * Items of several environments' lists, each distinct item (by key) once per occurrence, with the
 * environments it occurs in (every environment: none named).
 */
function merge<T>(lists: ReadonlyMap<Env, readonly T[]>, key: (t: T) => string): { item: T; envs: Env[] | null }[] {
  const all = [...lists.keys()];
  const seen = new Map<string, { item: T; counts: Map<Env, number> }>();
  for (const [env, list] of lists) {
    for (const item of list) {
      const k = key(item);
      const entry = seen.get(k) ?? seen.set(k, { item, counts: new Map() }).get(k)!;
      entry.counts.set(env, (entry.counts.get(env) ?? 0) + 1);
    }
  }
  const out: { item: T; envs: Env[] | null; k: string }[] = [];
  for (const [k, { item, counts }] of seen) {
    const max = Math.max(...counts.values());
    for (let i = 0; i < max; i++) {
      const envs = all.filter((e) => (counts.get(e) ?? 0) > i);
      out.push({ item, envs: envs.length === all.length ? null : envs, k });
    }
  }
  out.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return out;
}

const tagged = (list: { item: string; envs: Env[] | null }[]) => list.map(({ item, envs }) => (envs ? `${item} [${envs.join(', ')}]` : item));

export function goldenDocument(s: Scenario, outcomes: ReadonlyMap<Env, ScenarioOutcome>): GoldenDocument {
  const runs = new Map([...outcomes].flatMap(([env, o]) => ('run' in o ? [[env, o.run] as const] : [])));
  const errors = Object.fromEntries([...outcomes].flatMap(([env, o]) => ('error' in o ? [[env, o.error]] : [])));
  const of = <K extends 'fired' | 'skipped' | 'failed'>(field: K) => new Map([...runs].map(([env, run]) => [env, run[field]]));
  const doc: GoldenDocument = {
    scenario: s.name,
    description: s.description,
    environments: [...outcomes.keys()],
    requests: merge(new Map([...runs].map(([env, run]) => [env, run.requests])), requestKey).map(({ item, envs }) => (envs ? { in: envs, ...item } : { ...item })),
    fired: tagged(merge(of('fired'), String)),
    skipped: tagged(merge(of('skipped'), String)),
    failed: tagged(merge(of('failed'), String)),
  };
  if (Object.keys(errors).length) doc.errors = errors;
  return doc;
}

export function formatGolden(doc: GoldenDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
