import type { Graph } from '../../../compiler/graph-types';
import { formatValue, isRef } from './format';
import { withSearch, type SearchField, type Searchable } from './search';

// The analytics mapping as the rules actually send it: every variable an analytics action sets
// (params under `vars`) and every event number it mentions, with the data element or literal
// that feeds it. Declared `viewTable`s (graph.tables) are shown next to it as they are.

export interface MappingRow extends Searchable {
  variable: string;
  /** «data element» or a literal value. */
  value: string;
  dataElement: string | null;
  rule: string;
  events: string[];
  action: string;
}

const EVENT_NUMBER = /\bevent\d+\b/g;

/** The action's whole text is long and names every variable it sets: searched only when asked. */
export const MAPPING_FIELDS: readonly SearchField[] = [
  { key: 'variable', label: 'variable or event number', byDefault: true, aliases: ['var', 'evar'] },
  { key: 'fed', label: 'data element or value', byDefault: true, aliases: ['de', 'value', 'element'] },
  { key: 'event', label: 'event', byDefault: true, aliases: ['on', 'events'] },
  { key: 'rule', label: 'rule id', byDefault: true },
  { key: 'action', label: 'action text', byDefault: false },
];

function walk(v: unknown, path: string[], visit: (path: string[], leaf: unknown) => void): void {
  if (isRef(v) || v === null || typeof v !== 'object') return visit(path, v);
  if (Array.isArray(v)) return v.forEach((x, i) => walk(x, [...path, String(i)], visit));
  for (const [k, x] of Object.entries(v)) walk(x, [...path, k], visit);
}

export function mappingRows(graph: Graph): MappingRow[] {
  const rows: MappingRow[] = [];
  const seen = new Set<string>();
  const add = (row: Omit<MappingRow, 'search'>) => {
    const key = `${row.variable}\u0000${row.value}\u0000${row.rule}`;
    if (seen.has(key)) return;
    seen.add(key);
    rows.push(withSearch(row, MAPPING_FIELDS, () => ({ variable: row.variable, fed: row.value, event: row.events, rule: row.rule, action: row.action })));
  };
  for (const rule of graph.rules) {
    const events = rule.events.map((e) => e.label);
    for (const action of rule.actions) {
      if (action.sends !== 'analytics') continue;
      walk(action.params, [], (path, leaf) => {
        const varsAt = path.lastIndexOf('vars');
        const variable = path[path.length - 1]!;
        // A literal `events` list is shown as its event numbers below.
        const eventList = variable === 'events' && typeof leaf === 'string';
        if (varsAt !== -1 && varsAt === path.length - 2 && !eventList) {
          add({ variable, value: formatValue(leaf), dataElement: isRef(leaf) ? leaf.$de : null, rule: rule.id, events, action: action.text });
        }
        if (typeof leaf === 'string') for (const m of leaf.match(EVENT_NUMBER) ?? []) add({ variable: m, value: `on ${events.join(', ')}`, dataElement: null, rule: rule.id, events, action: action.text });
      });
    }
  }
  return rows;
}

export interface DeclaredTable {
  /** Stable within a build: the table's URL query prefix (`t1.q`). */
  key: string;
  name: string;
  description: string;
  file: string;
  columns: string[];
  /** One search field per column (`why:` for the column "why"). */
  fields: SearchField[];
  rows: ({ cells: Record<string, string> } & Searchable)[];
}

/** A column name as a search prefix: lower case, words joined by `-`. */
export const fieldKeyOf = (column: string): string => column.toLowerCase().replace(/[^\w.]+/g, '-').replace(/^-|-$/g, '') || 'column';

/** graph.tables with cells as display strings. */
export function declaredTables(graph: Graph): DeclaredTable[] {
  return graph.tables.map((t, i) => {
    const fields = t.columns.map((c) => ({ key: fieldKeyOf(c), label: c, byDefault: true }));
    return {
      key: `t${i + 1}`,
      name: t.name,
      description: t.description,
      file: t.file,
      columns: t.columns,
      fields,
      rows: t.rows.map((r) => {
        const cells: Record<string, string> = {};
        for (const c of t.columns) cells[c] = formatValue(r[c]);
        return withSearch({ cells }, fields, () => Object.fromEntries(t.columns.map((c) => [fieldKeyOf(c), cells[c]!])));
      }),
    };
  });
}
