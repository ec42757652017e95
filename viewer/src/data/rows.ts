import type { Graph, GraphDataElement, GraphRule, GraphSchema } from '../../../compiler/graph-types';
import { consentLabel, formatValue } from './format';

// Table rows: flat, sortable, filterable values derived once per graph. Each row carries a
// lower-cased `search` text so the global search is one substring test per row.

export interface Searchable {
  search: string;
}

export interface RuleRow extends Searchable {
  id: string;
  description: string;
  /** Event labels, as facet values. */
  events: string[];
  eventRefs: { key: string; label: string }[];
  order: number;
  /** Position in this environment's global firing order (ties of `order` broken by id). */
  position: number;
  consent: string;
  environments: string[];
  file: string;
  /** Every event, condition and action kind the rule uses. */
  kinds: string[];
}

function stepKinds(steps: { kind: string; params: Record<string, unknown> }[], into: Set<string>): void {
  for (const s of steps) {
    into.add(s.kind);
    // anyOf / not wrap nested descriptors; their kinds count too.
    for (const v of Object.values(s.params)) {
      const nested = Array.isArray(v) ? v : [v];
      for (const n of nested) if (n && typeof n === 'object' && typeof (n as { kind?: unknown }).kind === 'string' && typeof (n as { params?: unknown }).params === 'object') stepKinds([n as { kind: string; params: Record<string, unknown> }], into);
    }
  }
}

export function ruleKinds(rule: GraphRule): string[] {
  const kinds = new Set<string>(rule.events.map((e) => e.kind));
  stepKinds(rule.conditions, kinds);
  stepKinds(rule.actions, kinds);
  return [...kinds].sort();
}

export function ruleRow(rule: GraphRule): RuleRow {
  const events = rule.events.map((e) => e.label);
  const kinds = ruleKinds(rule);
  const words = [...rule.conditions, ...rule.actions].map((s) => s.text);
  return {
    id: rule.id,
    description: rule.description,
    events,
    eventRefs: rule.events.map((e) => ({ key: e.key, label: e.label })),
    order: rule.order,
    position: rule.position,
    consent: consentLabel(rule),
    environments: rule.environments,
    file: rule.file,
    kinds,
    search: [rule.id, rule.description, ...events, rule.file, ...kinds, ...words, ...rule.reads].join('\n').toLowerCase(),
  };
}

export const ruleRows = (graph: Graph): RuleRow[] => graph.rules.map(ruleRow);

export interface DataElementRow extends Searchable {
  name: string;
  kind: string;
  text: string;
  storage: string;
  default: string;
  readBy: string[];
  reads: string[];
  file: string;
  description: string;
}

export function dataElementRow(d: GraphDataElement): DataElementRow {
  const def = d.default === null || d.default === undefined ? '—' : formatValue(d.default);
  return {
    name: d.name,
    kind: d.kind,
    text: d.text,
    storage: d.storage,
    default: def,
    readBy: d.readBy,
    reads: d.reads,
    file: d.file,
    description: d.description,
    search: [d.name, d.kind, d.text, d.storage, def, ...d.readBy, d.file, d.description].join('\n').toLowerCase(),
  };
}

export interface SchemaRow extends Searchable {
  event: string;
  description: string;
  provider: string;
  required: string[];
  optional: string[];
  file: string;
  /** Environments whose bundle validates this event's payloads. */
  validatedIn: string[];
  rules: number;
}

export function schemaRows(graph: Graph, all: Graph[]): SchemaRow[] {
  const validated = new Map<string, string[]>();
  for (const g of all) for (const s of g.schemas) if (s.validated) (validated.get(s.event) ?? validated.set(s.event, []).get(s.event)!).push(g.env);
  const ruleCount = new Map(graph.events.map((e) => [e.key, e.rules.length]));
  return graph.schemas.map((s: GraphSchema) => ({
    event: s.event,
    description: s.description,
    provider: s.provider,
    required: s.required,
    optional: s.optional,
    file: s.file,
    validatedIn: validated.get(s.event) ?? [],
    rules: ruleCount.get(s.event) ?? 0,
    search: [s.event, s.description, s.provider, ...s.required, ...s.optional, s.file].join('\n').toLowerCase(),
  }));
}
