import type { Condition, DataElementRef } from '../declare/types';
import { TOOLING } from '../declare/tooling';

// Compares a data element's value (or a literal) with a value: the workhorse of conditions.
// Text operators compare numbers as their text; `ignoreCase` lower-cases both sides. Number
// operators read text as a number (Number('12') = 12) and fail for anything that is not one.
// `isTruthy` is JavaScript truthiness, where `truthy` also treats the text "false" as false.

export type CompareOp =
  | 'equals' | 'notEquals' | 'contains' | 'startsWith' | 'endsWith' | 'matches' | 'in' | 'truthy' | 'falsy'
  | 'lessThan' | 'lessThanOrEqual' | 'greaterThan' | 'greaterThanOrEqual' | 'isTrue' | 'isFalse' | 'isTruthy';

export interface CompareOptions {
  /** Compare text in any case (equals, notEquals, contains, startsWith, endsWith, matches). */
  ignoreCase?: boolean;
}

const text = (v: unknown, lower: boolean): unknown => {
  const s = typeof v === 'number' && isFinite(v) ? String(v) : v;
  return lower && typeof s === 'string' ? s.toLowerCase() : s;
};
const num = (v: unknown): number => (typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN);
const same = (l: unknown, r: unknown) => l === r || (l != null && r != null && String(l) === String(r));

/* @__NO_SIDE_EFFECTS__ */
function compare(left: DataElementRef, op: CompareOp, right?: unknown, options: CompareOptions = {}): Condition {
  const re = right instanceof RegExp ? right : null;
  const lower = !!options.ignoreCase;
  return {
    kind: 'compare',
    params: TOOLING ? { left, op, right: re ? { pattern: re.source, flags: re.flags } : right, ...(lower ? { ignoreCase: true } : {}) } : {},
    test(ctx) {
      const raw = ctx.value(left);
      const other = re ?? ctx.value(right);
      const l = text(raw, lower);
      const r = re ?? text(other, lower);
      switch (op) {
        case 'equals':
          return same(l, r);
        case 'notEquals':
          return !same(l, r);
        case 'contains':
          return typeof l === 'string' ? l.includes(String(r)) : Array.isArray(l) && l.includes(r);
        case 'startsWith':
          return typeof l === 'string' && l.startsWith(String(r));
        case 'endsWith':
          return typeof l === 'string' && l.endsWith(String(r));
        case 'matches':
          return typeof l === 'string' && (re ?? new RegExp(String(r), lower ? 'i' : '')).test(l);
        case 'in':
          return Array.isArray(r) && r.some((v) => v === l || String(v) === String(l));
        case 'truthy':
          return !!raw && raw !== 'false';
        case 'falsy':
          return !raw || raw === 'false';
        case 'lessThan':
          return num(raw) < num(other);
        case 'lessThanOrEqual':
          return num(raw) <= num(other);
        case 'greaterThan':
          return num(raw) > num(other);
        case 'greaterThanOrEqual':
          return num(raw) >= num(other);
        case 'isTrue':
          return raw === true;
        case 'isFalse':
          return raw === false;
        case 'isTruthy':
          return !!raw;
      }
    },
    explain: (ctx) => ({ subject: ctx.value(left), expected: re ? String(re) : ctx.value(right) }),
  };
}

/* @__NO_SIDE_EFFECTS__ */ export const equals = (left: DataElementRef, right: unknown, options?: CompareOptions) => compare(left, 'equals', right, options);
/* @__NO_SIDE_EFFECTS__ */ export const notEquals = (left: DataElementRef, right: unknown, options?: CompareOptions) => compare(left, 'notEquals', right, options);
/* @__NO_SIDE_EFFECTS__ */ export const contains = (left: DataElementRef, right: unknown, options?: CompareOptions) => compare(left, 'contains', right, options);
/* @__NO_SIDE_EFFECTS__ */ export const startsWith = (left: DataElementRef, right: string, options?: CompareOptions) => compare(left, 'startsWith', right, options);
/* @__NO_SIDE_EFFECTS__ */ export const endsWith = (left: DataElementRef, right: string, options?: CompareOptions) => compare(left, 'endsWith', right, options);
/* @__NO_SIDE_EFFECTS__ */ export const matches = (left: DataElementRef, pattern: RegExp) => compare(left, 'matches', pattern);
/* @__NO_SIDE_EFFECTS__ */ export const isIn = (left: DataElementRef, values: readonly unknown[]) => compare(left, 'in', values);
/** True for any truthy value except the string "false". */
/* @__NO_SIDE_EFFECTS__ */ export const truthy = (left: DataElementRef) => compare(left, 'truthy');
/* @__NO_SIDE_EFFECTS__ */ export const falsy = (left: DataElementRef) => compare(left, 'falsy');
/** Numbers (text read as a number); false when either side is not one. */
/* @__NO_SIDE_EFFECTS__ */ export const lessThan = (left: DataElementRef, right: unknown) => compare(left, 'lessThan', right);
/* @__NO_SIDE_EFFECTS__ */ export const lessThanOrEqual = (left: DataElementRef, right: unknown) => compare(left, 'lessThanOrEqual', right);
/* @__NO_SIDE_EFFECTS__ */ export const greaterThan = (left: DataElementRef, right: unknown) => compare(left, 'greaterThan', right);
/* @__NO_SIDE_EFFECTS__ */ export const greaterThanOrEqual = (left: DataElementRef, right: unknown) => compare(left, 'greaterThanOrEqual', right);
/** The boolean true (not the text "true"). */
/* @__NO_SIDE_EFFECTS__ */ export const isTrue = (left: DataElementRef) => compare(left, 'isTrue');
/** The boolean false (not the text "false"). */
/* @__NO_SIDE_EFFECTS__ */ export const isFalse = (left: DataElementRef) => compare(left, 'isFalse');
/** JavaScript truthiness: the text "false" counts as true here (see `truthy`). */
/* @__NO_SIDE_EFFECTS__ */ export const isTruthy = (left: DataElementRef) => compare(left, 'isTruthy');
