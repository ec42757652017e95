import { TOOLING } from '../declare/tooling';
import type { Condition } from '../declare/types';

/** The exception to a rule: holds when the inner condition does not. */
/* @__NO_SIDE_EFFECTS__ */
export function not<P>(condition: Condition<P>): Condition<P> {
  // Failing means the inner condition held: its values, marked negated.
  return { kind: 'not', params: TOOLING ? { condition } : {}, test: (ctx) => !condition.test(ctx), explain: (ctx) => ({ subject: undefined, expected: undefined, ...condition.explain?.(ctx), negated: true }) };
}
