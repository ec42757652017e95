import type { Condition } from '../declare/types';
import { TOOLING } from '../declare/tooling';

/** Holds when at least one of the conditions holds (conditions of a rule are otherwise all-of). */
/* @__NO_SIDE_EFFECTS__ */
export function anyOf<P>(...conditions: Condition<P>[]): Condition<P> {
  // Failing means none held: each one's values, in order.
  return {
    kind: 'anyOf',
    params: TOOLING ? { conditions } : {},
    test: (ctx) => conditions.some((c) => c.test(ctx)),
    explain: (ctx) => {
      const each = conditions.map((c) => c.explain?.(ctx));
      return { subject: each.map((e) => e?.subject), expected: each.map((e) => e?.expected) };
    },
  };
}
