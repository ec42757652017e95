import type { EnvName, Graph, GraphDataElement, GraphRule, GraphSchema, HostUse } from '../graph-types';
import type { ConsentChange, DeclarationChange, DeclarationDiff, DeclarationRef, FiringOrderChange, HostChange, StructureDiff } from './types';

// The structural diff of two builds of one environment, from their graph.json alone: what a
// reviewer needs to know before reading code. Pure and browser-safe (no Node imports): `tagc diff`
// and the viewer's Compare (environment against environment, build against build) both use it.

/** Compiled fields compared per declaration kind (position/order are reported as firing order). */
const RULE_FIELDS = ['description', 'events', 'conditions', 'actions', 'environments', 'consent', 'gates', 'timeout', 'reads'] as const;
const ELEMENT_FIELDS = ['kind', 'description', 'params', 'storage', 'default', 'clean', 'lowerCase', 'reads'] as const;
const SCHEMA_FIELDS = ['description', 'provider', 'required', 'optional', 'schema', 'validated'] as const;

/** JSON with object keys sorted, so that key order never counts as a change. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v,
  );
}

function declarations<T extends { file: string; hash?: string }>(base: readonly T[], head: readonly T[], name: (t: T) => string, fields: readonly (keyof T & string)[]): DeclarationDiff {
  const before = new Map(base.map((t) => [name(t), t]));
  const after = new Map(head.map((t) => [name(t), t]));
  const ref = (t: T): DeclarationRef => ({ name: name(t), file: t.file });
  const changed: DeclarationChange[] = [];
  for (const [key, b] of before) {
    const h = after.get(key);
    if (!h) continue;
    const diff = fields.filter((f) => stableJson(b[f]) !== stableJson(h[f]));
    if (b.file !== h.file) diff.unshift('file');
    // Without hashes (an older build) only the compiled fields can tell.
    const source = b.hash !== undefined && h.hash !== undefined && b.hash !== h.hash;
    if (source || diff.length) changed.push({ ...ref(h), source, fields: diff });
  }
  const byName = (a: DeclarationRef, b: DeclarationRef) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return {
    added: [...after.values()].filter((t) => !before.has(name(t))).map(ref).sort(byName),
    removed: [...before.values()].filter((t) => !after.has(name(t))).map(ref).sort(byName),
    changed: changed.sort(byName),
  };
}

/** Events whose rules run in a different order or set. */
function firingOrder(base: Graph, head: Graph): FiringOrderChange[] {
  const before = new Map(base.events.map((e) => [e.key, e]));
  const out: FiringOrderChange[] = [];
  for (const e of head.events) {
    const b = before.get(e.key);
    if (!b) continue;
    if (b.rules.join('\n') !== e.rules.join('\n')) out.push({ event: e.key, label: e.label, base: [...b.rules], head: [...e.rules] });
  }
  return out;
}

/** True when the rules both sides run for an event run in another relative order (not just added or removed ones). */
export function reordered(change: FiringOrderChange): boolean {
  const common = new Set(change.base.filter((r) => change.head.includes(r)));
  return change.base.filter((r) => common.has(r)).join('\n') !== change.head.filter((r) => common.has(r)).join('\n');
}

function consent(base: readonly GraphRule[], head: readonly GraphRule[]): ConsentChange[] {
  const before = new Map(base.map((r) => [r.id, r]));
  const gate = (r: GraphRule) => ({ consent: r.consent, gates: [...r.gates].sort() });
  return head.flatMap((h) => {
    const b = before.get(h.id);
    if (!b || stableJson(gate(b)) === stableJson(gate(h))) return [];
    return [{ rule: h.id, base: gate(b), head: gate(h) }];
  });
}

function hosts(base: readonly HostUse[], head: readonly HostUse[]): StructureDiff['hosts'] {
  const key = (h: HostUse) => `${h.host} ${h.directive}`;
  const side = (h: HostUse) => ({ category: h.category, rules: [...h.rules].sort() });
  const before = new Map(base.map((h) => [key(h), h]));
  const after = new Map(head.map((h) => [key(h), h]));
  const change = (k: string): HostChange => {
    const b = before.get(k);
    const h = after.get(k);
    const any = (h ?? b)!;
    return { host: any.host, directive: any.directive, base: b ? side(b) : null, head: h ? side(h) : null };
  };
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  return {
    added: keys.filter((k) => !before.has(k)).map(change),
    removed: keys.filter((k) => !after.has(k)).map(change),
    changed: keys.filter((k) => before.has(k) && after.has(k) && stableJson(side(before.get(k)!)) !== stableJson(side(after.get(k)!))).map(change),
  };
}

const EMPTY: Pick<Graph, 'rules' | 'dataElements' | 'schemas' | 'events' | 'hosts' | 'off'> = { rules: [], dataElements: [], schemas: [], events: [], hosts: [], off: [] };

/**
 * base × head for one environment. Either side may be null (the environment is new or gone):
 * everything is then added or removed. `hosts` falls back to the manifest entry's list when an
 * older graph.json has none (pass it as `baseHosts` / `headHosts`).
 */
export function diffStructure(env: EnvName, base: Graph | null, head: Graph | null, fallback: { baseHosts?: HostUse[]; headHosts?: HostUse[] } = {}): StructureDiff {
  const b = base ?? EMPTY;
  const h = head ?? EMPTY;
  const offBefore = new Set((b.off ?? []).map((o) => o.id));
  const offAfter = new Set((h.off ?? []).map((o) => o.id));
  const size = (g: Graph | null) => (g ? { bytes: g.bundle.bytes, gzipBytes: g.bundle.gzipBytes } : null);
  const meta = (g: Graph | null) => (g ? { hash: g.hash, buildTime: g.buildTime, version: g.version } : null);
  return {
    env,
    base: meta(base),
    head: meta(head),
    identical: !!base && !!head && base.hash === head.hash,
    rules: declarations<GraphRule>(b.rules, h.rules, (r) => r.id, RULE_FIELDS),
    dataElements: declarations<GraphDataElement>(b.dataElements, h.dataElements, (d) => d.name, ELEMENT_FIELDS),
    schemas: declarations<GraphSchema>(b.schemas, h.schemas, (s) => s.event, SCHEMA_FIELDS),
    firingOrder: base && head ? firingOrder(base, head) : [],
    consent: consent(b.rules, h.rules),
    hosts: hosts(b.hosts ?? fallback.baseHosts ?? [], h.hosts ?? fallback.headHosts ?? []),
    switched: { off: [...offAfter].filter((id) => !offBefore.has(id)).sort(), on: [...offBefore].filter((id) => !offAfter.has(id)).sort() },
    size: {
      base: size(base),
      head: size(head),
      bytes: (head?.bundle.bytes ?? 0) - (base?.bundle.bytes ?? 0),
      gzipBytes: (head?.bundle.gzipBytes ?? 0) - (base?.bundle.gzipBytes ?? 0),
    },
  };
}

/** Whether a structural diff has anything to say beyond "same". */
export function structureChanged(d: StructureDiff): boolean {
  const decl = (x: DeclarationDiff) => x.added.length + x.removed.length + x.changed.length;
  return (
    !d.identical &&
    (decl(d.rules) + decl(d.dataElements) + decl(d.schemas) + d.firingOrder.length + d.consent.length + d.hosts.added.length + d.hosts.removed.length + d.hosts.changed.length + d.switched.off.length + d.switched.on.length > 0 ||
      d.size.bytes !== 0 ||
      !d.base !== !d.head)
  );
}
