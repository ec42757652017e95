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
  // The constant is read here too (runtime/declare/unset-options.ts): swc does not fold compare()'s `lower` into this call.
  return !__TAGC_UNSET_ignoreCase__ && lower && typeof s === 'string' ? s.toLowerCase() : s;
};
const num = (v: unknown): number => (typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN);
const same = (l: unknown, r: unknown) => l === r || (l != null && r != null && String(l) === String(r));

/** One operator: `l` and `r` are the sides as text operators see them, `raw` and `other` as read. */
type Test = (l: unknown, r: unknown, raw: unknown, other: unknown, re: RegExp | null, lower: boolean) => boolean;

// Each operator's test is its own function, passed by its export: a bundle carries the operators
// its rules use, not the whole set. Its name only tooling reads (params), so a bundle without
// tooling passes '' for it (swc dropped the params but kept the name at each call).
/* @__NO_SIDE_EFFECTS__ */
function compare(left: DataElementRef, op: CompareOp | '', test: Test, right?: unknown, options: CompareOptions = {}): Condition {
  const re = right instanceof RegExp ? right : null;
  const lower = !__TAGC_UNSET_ignoreCase__ && !!options.ignoreCase;
  return {
    kind: 'compare',
    params: TOOLING ? { left, op, right: re ? { pattern: re.source, flags: re.flags } : right, ...(lower ? { ignoreCase: true } : {}) } : {},
    test(ctx) {
      const raw = ctx.value(left);
      const other = re ?? ctx.value(right);
      return test(text(raw, lower), re ?? text(other, lower), raw, other, re, lower);
    },
    explain: (ctx) => ({ subject: ctx.value(left), expected: re ? String(re) : ctx.value(right) }),
  };
}

/* @__NO_SIDE_EFFECTS__ */ export const equals = (left: DataElementRef, right: unknown, options?: CompareOptions) => compare(left, TOOLING ? 'equals' : '', (l, r) => same(l, r), right, options);
/* @__NO_SIDE_EFFECTS__ */ export const notEquals = (left: DataElementRef, right: unknown, options?: CompareOptions) => compare(left, TOOLING ? 'notEquals' : '', (l, r) => !same(l, r), right, options);
/* @__NO_SIDE_EFFECTS__ */ export const contains = (left: DataElementRef, right: unknown, options?: CompareOptions) => compare(left, TOOLING ? 'contains' : '', (l, r) => (typeof l === 'string' ? l.includes(String(r)) : Array.isArray(l) && l.includes(r)), right, options);
/* @__NO_SIDE_EFFECTS__ */ export const startsWith = (left: DataElementRef, right: string, options?: CompareOptions) => compare(left, TOOLING ? 'startsWith' : '', (l, r) => typeof l === 'string' && l.startsWith(String(r)), right, options);
/* @__NO_SIDE_EFFECTS__ */ export const endsWith = (left: DataElementRef, right: string, options?: CompareOptions) => compare(left, TOOLING ? 'endsWith' : '', (l, r) => typeof l === 'string' && l.endsWith(String(r)), right, options);
/* @__NO_SIDE_EFFECTS__ */ export const matches = (left: DataElementRef, pattern: RegExp) => compare(left, TOOLING ? 'matches' : '', (l, r, _raw, _other, re, lower) => typeof l === 'string' && (re ?? new RegExp(String(r), lower ? 'i' : '')).test(l), pattern);
/* @__NO_SIDE_EFFECTS__ */ export const isIn = (left: DataElementRef, values: readonly unknown[]) => compare(left, TOOLING ? 'in' : '', (l, r) => Array.isArray(r) && r.some((v) => v === l || String(v) === String(l)), values);
/** True for any truthy value except the string "false". */
/* @__NO_SIDE_EFFECTS__ */ export const truthy = (left: DataElementRef) => compare(left, TOOLING ? 'truthy' : '', (_l, _r, raw) => !!raw && raw !== 'false');
/* @__NO_SIDE_EFFECTS__ */ export const falsy = (left: DataElementRef) => compare(left, TOOLING ? 'falsy' : '', (_l, _r, raw) => !raw || raw === 'false');
/** Numbers (text read as a number); false when either side is not one. */
/* @__NO_SIDE_EFFECTS__ */ export const lessThan = (left: DataElementRef, right: unknown) => compare(left, TOOLING ? 'lessThan' : '', (_l, _r, raw, other) => num(raw) < num(other), right);
/* @__NO_SIDE_EFFECTS__ */ export const lessThanOrEqual = (left: DataElementRef, right: unknown) => compare(left, TOOLING ? 'lessThanOrEqual' : '', (_l, _r, raw, other) => num(raw) <= num(other), right);
/* @__NO_SIDE_EFFECTS__ */ export const greaterThan = (left: DataElementRef, right: unknown) => compare(left, TOOLING ? 'greaterThan' : '', (_l, _r, raw, other) => num(raw) > num(other), right);
/* @__NO_SIDE_EFFECTS__ */ export const greaterThanOrEqual = (left: DataElementRef, right: unknown) => compare(left, TOOLING ? 'greaterThanOrEqual' : '', (_l, _r, raw, other) => num(raw) >= num(other), right);
/** The boolean true (not the text "true"). */
/* @__NO_SIDE_EFFECTS__ */ export const isTrue = (left: DataElementRef) => compare(left, TOOLING ? 'isTrue' : '', (_l, _r, raw) => raw === true);
/** The boolean false (not the text "false"). */
/* @__NO_SIDE_EFFECTS__ */ export const isFalse = (left: DataElementRef) => compare(left, TOOLING ? 'isFalse' : '', (_l, _r, raw) => raw === false);
/** JavaScript truthiness: the text "false" counts as true here (see `truthy`). */
/* @__NO_SIDE_EFFECTS__ */ export const isTruthy = (left: DataElementRef) => compare(left, TOOLING ? 'isTruthy' : '', (_l, _r, raw) => !!raw);
