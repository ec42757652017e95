import type { Graph, GraphRule } from '../../../compiler/graph-types';
import type { PreviewInput } from '../../../compiler/serve/preview';
import type { SimulatedExplanation, SimulatedRequest, SimulateResult } from '../../../compiler/simulate/types';

// Preview's input as a URL query (a link reopens and reruns the same preview) and its result read
// against the build: per event the rules fired and skipped in plain words, beacons as named
// variables, the other requests by kind, cookies written.

export const CONSENT_CHOICES = ['unset', 'all', 'none', 'analytics', 'advertising', 'performance', 'analytics,advertising', 'analytics,performance', 'advertising,performance'] as const;

export interface PreviewForm {
  /** A project scenario to run as declared ('' : the page described by the fields below). */
  scenario: string;
  url: string;
  consent: string;
  /** `name=value`, one per line. */
  cookies: string;
  /** Data-layer entries as JSON, one per line. */
  push: string;
}

export const defaultForm = (url: string | null | undefined): PreviewForm => ({
  scenario: '',
  url: url ?? 'https://www.example.com/',
  consent: 'all',
  cookies: '',
  push: '{"event":"Page Load Completed"}',
});

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** The form from a URL query (`url`, `consent`, repeated `cookie` and `push`); null when it names no page. */
export function formFromQuery(query: URLSearchParams): PreviewForm | null {
  const scenario = query.get('scenario');
  if (scenario) return { ...defaultForm(null), scenario, url: '' };
  const url = query.get('url');
  if (!url) return null;
  return { scenario: '', url, consent: query.get('consent') ?? 'unset', cookies: query.getAll('cookie').join('\n'), push: query.getAll('push').join('\n') };
}

export function writeForm(query: URLSearchParams, form: PreviewForm): void {
  for (const k of ['scenario', 'url', 'consent', 'cookie', 'push']) query.delete(k);
  if (form.scenario) return void query.set('scenario', form.scenario);
  query.set('url', form.url);
  query.set('consent', form.consent);
  for (const c of lines(form.cookies)) query.append('cookie', c);
  for (const p of lines(form.push)) query.append('push', p);
}

/** The request body, or the line of the pushes that is not a JSON object. */
export function toInput(env: string, form: PreviewForm): { input: PreviewInput } | { error: string } {
  if (form.scenario) return { input: { env, scenario: form.scenario } };
  const push: Record<string, unknown>[] = [];
  for (const [i, line] of lines(form.push).entries()) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return { error: `Data-layer push ${i + 1} is not JSON: ${(error as Error).message}` };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: `Data-layer push ${i + 1} is not an object` };
    push.push(value as Record<string, unknown>);
  }
  return { input: { env, url: form.url.trim(), consent: form.consent, cookies: lines(form.cookies), push } };
}

// ---- Reading the result ----

export interface SkipReason {
  rule: string;
  /** Plain words: what the rule needed, and what the page had. */
  needed: string;
  found: string | null;
}

export interface EventOutcome {
  key: string;
  label: string;
  fired: string[];
  skipped: SkipReason[];
}

const show = (v: unknown): string => (v === undefined ? 'nothing' : typeof v === 'string' ? `“${v}”` : JSON.stringify(v));

/** Why a rule did not run, from the skip entry and the rule's conditions in graph.json. */
export function skipReason(rule: GraphRule | undefined, s: SimulateResult['skipped'][number]): SkipReason {
  const e: SimulatedExplanation | undefined = s.explain;
  if (s.index === -1 || e?.subject === 'not granted') {
    const category = typeof e?.expected === 'string' ? e.expected : (rule?.consent ?? 'a consent category');
    return { rule: s.rule, needed: `${category} consent`, found: 'not granted' };
  }
  const text = rule?.conditions[s.index]?.text ?? s.condition;
  const needed = `condition ${s.index + 1}: ${text}`;
  if (!e) return { rule: s.rule, needed, found: null };
  if (e.negated) return { rule: s.rule, needed, found: `it held: ${show(e.subject)} against ${show(e.expected)}` };
  if (Array.isArray(e.subject) && Array.isArray(e.expected)) return { rule: s.rule, needed, found: `none held: ${e.subject.map((v, i) => `${show(v)} against ${show((e.expected as unknown[])[i])}`).join('; ')}` };
  return { rule: s.rule, needed, found: e.expected === undefined ? `was ${show(e.subject)}` : `was ${show(e.subject)}, expected ${show(e.expected)}` };
}

/** Fired and skipped rules grouped by event, events in the order they first happened. */
export function outcomesByEvent(graph: Graph, result: SimulateResult): EventOutcome[] {
  const rules = new Map(graph.rules.map((r) => [r.id, r]));
  const labels = new Map(graph.events.map((e) => [e.key, e.label]));
  const byKey = new Map<string, EventOutcome>();
  const outcome = (key: string) => {
    let o = byKey.get(key);
    if (!o) byKey.set(key, (o = { key, label: labels.get(key) ?? labels.get(`@${key}`) ?? key, fired: [], skipped: [] }));
    return o;
  };
  // Both lists are in run order: events come in the order rules fired on them, then any event
  // where every rule was skipped.
  for (const f of result.fired) outcome(f.event).fired.push(f.rule);
  for (const s of result.skipped) outcome(s.event).skipped.push(skipReason(rules.get(s.rule), s));
  return [...byKey.values()];
}

export interface BeaconVariable {
  /** The wire parameter, e.g. `v22`. */
  wire: string;
  /** `eVar22 (pageName)` from the project's mapping table, or the wire name. */
  name: string;
  value: string;
}

/** The project's analytics mapping: a graph.json table with `wire` and `variable` columns. */
export function wireNames(graph: Graph): Map<string, string> {
  const names = new Map<string, string>();
  for (const t of graph.tables) {
    if (!t.columns.includes('wire') || !t.columns.includes('variable')) continue;
    for (const row of t.rows) {
      const wire = row.wire, variable = row.variable, element = row.element;
      if (typeof wire !== 'string' || typeof variable !== 'string' || names.has(wire)) continue;
      names.set(wire, typeof element === 'string' && element && element !== variable ? `${variable} (${element})` : variable);
    }
  }
  return names;
}

const COMMON_NAMES: Record<string, string> = { pageName: 'pageName', events: 'events', ch: 'channel', pe: 'link type', pev2: 'link name', g: 'page URL', r: 'referrer' };

export const isBeacon = (r: SimulatedRequest) => /\/b\/ss\//.test(r.url);

export function beaconVariables(beacon: SimulatedRequest, names: Map<string, string>): BeaconVariable[] {
  return Object.entries(beacon.params)
    .filter(([k]) => names.has(k) || k in COMMON_NAMES || /^(v|c)\d+$/.test(k))
    .map(([wire, value]) => ({ wire, name: names.get(wire) ?? COMMON_NAMES[wire] ?? wire, value }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}

export interface RequestGroups {
  beacons: SimulatedRequest[];
  pixels: SimulatedRequest[];
  scripts: SimulatedRequest[];
  other: SimulatedRequest[];
}

export function groupRequests(requests: SimulatedRequest[]): RequestGroups {
  const g: RequestGroups = { beacons: [], pixels: [], scripts: [], other: [] };
  for (const r of requests) {
    if (isBeacon(r)) g.beacons.push(r);
    else if (r.transport === 'image' || r.transport === 'iframe') g.pixels.push(r);
    else if (r.transport === 'script') g.scripts.push(r);
    else g.other.push(r);
  }
  return g;
}

const own = (o: Record<string, string>, k: string): string | undefined => (Object.hasOwn(o, k) ? o[k] : undefined);

/**
 * The cookies the page held when the bundle started: the simulator's record of the jar (the
 * form's cookies, a scenario's, the stored consent); from an older simulator without it, the
 * form's own cookies.
 */
export function cookiesBefore(result: Pick<SimulateResult, 'cookiesBefore'>, input: string[]): Record<string, string> {
  return result.cookiesBefore ?? Object.fromEntries(input.map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
}

/** Cookies the bundle wrote: absent before the run or with another value; a preset one it removed has the value null. */
export function cookiesWritten(before: Record<string, string>, after: Record<string, string>): [string, string | null][] {
  const written: [string, string | null][] = Object.entries(after).filter(([k, v]) => own(before, k) !== v);
  const removed = Object.keys(before).filter((k) => own(after, k) === undefined);
  return [...written, ...removed.map((k): [string, null] => [k, null])];
}

/** Cookies set before load that the bundle left as they were. */
export function cookiesPreset(before: Record<string, string>, after: Record<string, string>): [string, string][] {
  return Object.entries(before).filter(([k, v]) => own(after, k) === v);
}
