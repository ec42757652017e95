import type { Graph, GraphDataElement, GraphRule, GraphSchema } from '../../../compiler/graph-types';
import { consentLabel, otherConditions } from './consent-gate';
import { formatValue } from './format';
import { withSearch, type SearchField, type Searchable } from './search';

// Table rows: flat, sortable, filterable values derived once per graph. Each row carries its
// lower-cased text per search field (data/search.ts).

export type { Searchable } from './search';

const field = (key: string, label: string, byDefault = true, aliases?: string[]): SearchField => ({ key, label, byDefault, aliases });

/**
 * What a rule search looks at. The consent gate is not text to search (every gate names the
 * exempt client-accounts page): `consent:` matches the gate's categories only.
 */
export const RULE_FIELDS: readonly SearchField[] = [
  field('id', 'rule id', true, ['rule']),
  field('event', 'event', true, ['events', 'on']),
  field('reads', 'data element read', true, ['de', 'element']),
  field('description', 'description', true, ['desc']),
  field('does', 'conditions and actions', true, ['do', 'condition', 'action']),
  field('file', 'source file', true),
  field('kind', 'kind', false, ['kinds']),
  field('consent', 'consent category', false),
  field('env', 'environment', false, ['environment', 'environments']),
];

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
  /** Conditions (but the consent gate) and actions in words. */
  does: string[];
  reads: string[];
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
  const does = [...otherConditions(rule).map(([c]) => c), ...rule.actions].map((s) => s.text);
  const consent = consentLabel(rule);
  const row = {
    id: rule.id,
    description: rule.description,
    events,
    eventRefs: rule.events.map((e) => ({ key: e.key, label: e.label })),
    order: rule.order,
    position: rule.position,
    consent,
    environments: rule.environments,
    file: rule.file,
    kinds,
    does,
    reads: rule.reads,
  };
  return withSearch(row, RULE_FIELDS, () => ({
    id: rule.id,
    event: [...events, ...rule.events.map((e) => e.key)],
    reads: rule.reads,
    description: rule.description,
    does,
    file: rule.file,
    kind: kinds,
    consent,
    env: rule.environments,
  }));
}

export const ruleRows = (graph: Graph): RuleRow[] => graph.rules.map(ruleRow);

export const DATA_ELEMENT_FIELDS: readonly SearchField[] = [
  field('name', 'name', true, ['de']),
  field('reads', 'what it reads', true, ['text']),
  field('readby', 'rule reading it', true, ['rule', 'rules']),
  field('description', 'description', true, ['desc']),
  field('kind', 'kind', false),
  field('storage', 'storage', false),
  field('default', 'default', false),
  field('file', 'source file', true),
];

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
  const row = {
    name: d.name,
    kind: d.kind,
    text: d.text,
    storage: d.storage,
    default: def,
    readBy: d.readBy,
    reads: d.reads,
    file: d.file,
    description: d.description,
  };
  return withSearch(row, DATA_ELEMENT_FIELDS, () => ({ name: d.name, reads: d.text, readby: d.readBy, description: d.description, kind: d.kind, storage: d.storage, default: def, file: d.file }));
}

export const SCHEMA_FIELDS: readonly SearchField[] = [
  field('event', 'event', true),
  field('field', 'payload field', true, ['fields', 'required', 'optional']),
  field('description', 'description', true, ['desc']),
  field('provider', 'provider', false),
  field('file', 'source file', true),
];

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
  return graph.schemas.map((s: GraphSchema) => {
    const row = {
      event: s.event,
      description: s.description,
      provider: s.provider,
      required: s.required,
      optional: s.optional,
      file: s.file,
      validatedIn: validated.get(s.event) ?? [],
      rules: ruleCount.get(s.event) ?? 0,
    };
    return withSearch(row, SCHEMA_FIELDS, () => ({ event: s.event, field: [...s.required, ...s.optional], description: s.description, provider: s.provider, file: s.file }));
  });
}
