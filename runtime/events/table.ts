import type { EventSource } from '../declare/types';

// The dispatch table of a bundle, built from its rules when it starts: for each event key (a
// data-layer event's name, a source's `key`) the indices of the rules it runs, in the rules'
// (firing) order; and the sources to listen to, the first of each key. The compiler's plan
// (compiler/phases/4-plan) builds the same table for graph.json and the reports; the bundle
// carries the rules' events once instead of a second copy of every event name (about 500 B gzip
// of the prod bundle). A few hundred events cost well under a millisecond at start-up.

export interface EventTable {
  /** Event key -> indices into the rules (own keys only: the object has no prototype). */
  table: Record<string, number[]>;
  sources: EventSource[];
}

/** What the table reads of a rule: its events, a data-layer event's name or a source. */
export interface RuleEvents {
  readonly events: readonly (string | EventSource)[];
}

export function eventTable(rules: readonly RuleEvents[]): EventTable {
  const table: Record<string, number[]> = Object.create(null);
  const sources: EventSource[] = [];
  rules.forEach((rule, i) => {
    for (const e of rule.events) {
      const key = typeof e === 'string' ? e : e.key;
      const list = (table[key] ??= []);
      if (list[list.length - 1] !== i) list.push(i);
      if (typeof e !== 'string' && !sources.some((s) => s.key === key)) sources.push(e);
    }
  });
  return { table, sources };
}
