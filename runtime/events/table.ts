import type { EventSource } from '../declare/types';

// The dispatch table of a bundle, built from its rules when it starts: for each event key (a
// data-layer event's name, a source's `key`) the indices of the rules it runs, in the rules'
// (firing) order; and the sources to listen to, the first of each key. The compiler's plan
// (compiler/phases/4-plan) builds the same table for graph.json and the reports; the bundle
// carries the rules' events once instead of a second copy of every event name (about 600 B gzip
// of the prod bundle). One pass over the rules' events, linear in their number.

export interface EventTable {
  /** Event key -> indices into the rules (own keys only: the object has no prototype). */
  table: Record<string, number[]>;
  sources: EventSource[];
}

/** What the table reads of a rule: its events, a data-layer event's name or a source. */
export interface RuleEvents {
  readonly events: readonly (string | EventSource)[];
}

/**
 * A bundle's rules, sorted in place into firing order: (order, id), as the compiler's plan sorts
 * them (compiler/phases/4-plan). A bundle lists its rules in the order of their modules instead,
 * which lets the minifier write each rule where it is listed rather than as a variable named
 * twice (prod -216 B gzip -9).
 */
export function firingOrder<R extends { readonly order: number; readonly id: string }>(rules: R[]): R[] {
  return rules.sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1));
}

export function eventTable(rules: readonly RuleEvents[]): EventTable {
  const table: Record<string, number[]> = Object.create(null);
  const sources: EventSource[] = [];
  const listened = new Set<string>();
  rules.forEach((rule, i) => {
    for (const e of rule.events) {
      const key = typeof e === 'string' ? e : e.key;
      const list = (table[key] ??= []);
      if (list[list.length - 1] !== i) list.push(i);
      if (typeof e !== 'string' && !listened.has(key)) {
        listened.add(key);
        sources.push(e);
      }
    }
  });
  return { table, sources };
}
