import type { Condition, DataElementRef } from '../declare/types';

// Compares a data element's value (or a literal) with a value: the workhorse of conditions.

export type CompareOp = 'equals' | 'notEquals' | 'contains' | 'startsWith' | 'matches' | 'in' | 'truthy' | 'falsy';

/* @__NO_SIDE_EFFECTS__ */
function compare(left: DataElementRef, op: CompareOp, right?: unknown): Condition {
  const re = right instanceof RegExp ? right : null;
  return {
    kind: 'compare',
    params: { left, op, right: re ? { pattern: re.source, flags: re.flags } : right },
    test(ctx) {
      const l = ctx.value(left);
      const r = re ? re : ctx.value(right);
      switch (op) {
        case 'equals':
          return l === r || (l != null && r != null && String(l) === String(r));
        case 'notEquals':
          return !(l === r || (l != null && r != null && String(l) === String(r)));
        case 'contains':
          return typeof l === 'string' ? l.includes(String(r)) : Array.isArray(l) && l.includes(r);
        case 'startsWith':
          return typeof l === 'string' && l.startsWith(String(r));
        case 'matches':
          return typeof l === 'string' && (re ?? new RegExp(String(r))).test(l);
        case 'in':
          return Array.isArray(r) && r.some((v) => v === l || String(v) === String(l));
        case 'truthy':
          return !!l && l !== 'false';
        case 'falsy':
          return !l || l === 'false';
      }
    },
    explain: (ctx) => ({ subject: ctx.value(left), expected: re ? String(re) : ctx.value(right) }),
  };
}

/* @__NO_SIDE_EFFECTS__ */ export const equals = (left: DataElementRef, right: unknown) => compare(left, 'equals', right);
/* @__NO_SIDE_EFFECTS__ */ export const notEquals = (left: DataElementRef, right: unknown) => compare(left, 'notEquals', right);
/* @__NO_SIDE_EFFECTS__ */ export const contains = (left: DataElementRef, right: unknown) => compare(left, 'contains', right);
/* @__NO_SIDE_EFFECTS__ */ export const startsWith = (left: DataElementRef, right: string) => compare(left, 'startsWith', right);
/* @__NO_SIDE_EFFECTS__ */ export const matches = (left: DataElementRef, pattern: RegExp) => compare(left, 'matches', pattern);
/* @__NO_SIDE_EFFECTS__ */ export const isIn = (left: DataElementRef, values: readonly unknown[]) => compare(left, 'in', values);
/** True for any truthy value except the string "false". */
/* @__NO_SIDE_EFFECTS__ */ export const truthy = (left: DataElementRef) => compare(left, 'truthy');
/* @__NO_SIDE_EFFECTS__ */ export const falsy = (left: DataElementRef) => compare(left, 'falsy');
