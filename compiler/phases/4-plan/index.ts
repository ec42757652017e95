import type { Env } from '../../../runtime/declare/types';
import type { EnvironmentSettings } from '../../environments';
import { closure, type ContainerGraph, type GraphRuleNode } from '../3-graph';

// Phase 4: what one environment's bundle contains. Rules are sorted by (order, id), the
// documented firing order; each event key lists its rules in that order.

export interface EnvPlan {
  env: EnvironmentSettings;
  rules: GraphRuleNode[];
  /** Event key -> indices into `rules`. */
  table: Record<string, number[]>;
  /** Non-data-layer sources to listen to: [rule index, event index], one per key. */
  sources: [number, number][];
  dataElements: string[];
  excluded: { rules: string[]; dataElements: string[] };
  /** Rules switched off by their declaration (`enabled: false`); also in excluded.rules. */
  off: GraphRuleNode[];
}

/** Whether a rule is built at all (`enabled` absent or true). */
export const isOn = (r: GraphRuleNode): boolean => r.loaded.value.enabled !== false;

export function compareRules(a: GraphRuleNode, b: GraphRuleNode): number {
  const ra = a.loaded.value;
  const rb = b.loaded.value;
  return ra.order - rb.order || (ra.id < rb.id ? -1 : ra.id > rb.id ? 1 : 0);
}

export function plan(graph: ContainerGraph, env: EnvironmentSettings): EnvPlan {
  const name: Env = env.name;
  const included = graph.rules.filter((r) => isOn(r) && r.loaded.value.environments.includes(name)).sort(compareRules);
  const table: Record<string, number[]> = {};
  const sources: [number, number][] = [];
  const sourceKeys = new Set<string>();
  included.forEach((r, i) => {
    r.events.forEach((e, j) => {
      // Rules are visited in order: a rule already listed for the key is its last entry.
      const rules = (table[e.key] ??= []);
      if (rules[rules.length - 1] !== i) rules.push(i);
      if (e.kind !== 'dataLayer' && !sourceKeys.has(e.key)) {
        sourceKeys.add(e.key);
        sources.push([i, j]);
      }
    });
  });

  const wanted = new Set<string>(included.flatMap((r) => r.reads));
  for (const [n, d] of graph.dataElements) if (d.loaded.value.expose) wanted.add(n);
  const names = [...closure(graph, wanted)].filter((n) => {
    const envs = graph.dataElements.get(n)!.loaded.value.environments;
    return !envs || envs.includes(name);
  });
  names.sort();
  // Sets: with thousands of rules, a lookup in the included list per rule was quadratic (seconds at 5,000).
  const includedSet = new Set(included);
  const namesSet = new Set(names);

  return {
    env,
    rules: included,
    table,
    sources,
    dataElements: names,
    excluded: {
      rules: graph.rules.filter((r) => !includedSet.has(r)).map((r) => r.loaded.value.id).sort(),
      dataElements: [...graph.dataElements.keys()].filter((n) => !namesSet.has(n)).sort(),
    },
    off: graph.rules.filter((r) => !isOn(r)).sort(compareRules),
  };
}
