import type { GraphRule, GraphStep } from '../../../compiler/graph-types';

// A rule's consent gate, shown the same way whether the rule declares `consent` or gates its
// actions with a consent condition: the categories the compiler proved (`gates`), the paths a
// consent condition exempts, and which conditions are the gate (so they are not listed, or
// searched, as ordinary conditions).

export const GATE_KIND = 'consentGranted';

export interface ConsentGate {
  categories: string[];
  /** Paths where a gating condition lets the rule run without the consent. */
  exceptPaths: string[];
  /** Indexes of the rule's top-level conditions that are the gate. */
  conditions: number[];
}

function gateCategory(step: GraphStep): string | null {
  return step.kind === GATE_KIND && typeof step.params.category === 'string' ? step.params.category : null;
}

export function consentGate(rule: Pick<GraphRule, 'consent' | 'gates' | 'conditions'>): ConsentGate {
  const conditions: number[] = [];
  const fromConditions: string[] = [];
  const exceptPaths: string[] = [];
  rule.conditions.forEach((c, i) => {
    const category = gateCategory(c);
    if (!category) return;
    conditions.push(i);
    fromConditions.push(category);
    const except = c.params.exceptPaths;
    if (Array.isArray(except)) for (const p of except) if (typeof p === 'string' && !exceptPaths.includes(p)) exceptPaths.push(p);
  });
  // `gates` is the compiler's proof; builds made before it existed had only `consent`.
  const categories = rule.gates ?? [...(rule.consent ? [rule.consent] : []), ...fromConditions];
  return { categories: [...new Set(categories)], exceptPaths, conditions };
}

/** The conditions that are not the consent gate, with their index in the rule. */
export function otherConditions(rule: Pick<GraphRule, 'consent' | 'gates' | 'conditions'>): [GraphStep, number][] {
  const gate = new Set(consentGate(rule).conditions);
  return rule.conditions.flatMap((c, i) => (gate.has(i) ? [] : [[c, i] as [GraphStep, number]]));
}

/** `analytics`, `analytics, advertising` or `none`. */
export function consentLabel(rule: Pick<GraphRule, 'consent' | 'gates' | 'conditions'>): string {
  const { categories } = consentGate(rule);
  return categories.length ? categories.join(', ') : 'none';
}

/** "needs analytics consent, except on /advisor/client-accounts/home.html" or "no consent needed". */
export function consentSentence(rule: Pick<GraphRule, 'consent' | 'gates' | 'conditions'>): string {
  const { categories, exceptPaths } = consentGate(rule);
  if (!categories.length) return 'no consent needed';
  const except = exceptPaths.length ? `, except on ${exceptPaths.join(', ')}` : '';
  return `needs ${categories.join(', ')} consent${except}`;
}
