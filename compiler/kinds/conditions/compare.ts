import { z } from 'zod';
import { defineKind, ref } from '../kind';

const words = {
  equals: 'is', notEquals: 'is not', contains: 'contains', startsWith: 'starts with', endsWith: 'ends with', matches: 'matches',
  in: 'is one of', truthy: 'is set', falsy: 'is not set', lessThan: '<', lessThanOrEqual: '≤', greaterThan: '>', greaterThanOrEqual: '≥',
  isTrue: 'is true', isFalse: 'is false', isTruthy: 'is truthy',
} as const;
const unary = new Set(['truthy', 'falsy', 'isTrue', 'isFalse', 'isTruthy']);

export default defineKind({
  kind: 'compare',
  params: z.object({
    left: ref,
    op: z.enum(['equals', 'notEquals', 'contains', 'startsWith', 'endsWith', 'matches', 'in', 'truthy', 'falsy', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'isTrue', 'isFalse', 'isTruthy']),
    right: z.unknown().optional(),
    ignoreCase: z.boolean().optional(),
  }),
  describe: (p, w) => {
    const right = p.right && typeof p.right === 'object' && 'pattern' in (p.right as object) ? `/${(p.right as { pattern: string }).pattern}/` : w.value(p.right);
    return unary.has(p.op) ? `${w.value(p.left)} ${words[p.op]}` : `${w.value(p.left)} ${words[p.op]} ${right}${p.ignoreCase ? ' (any case)' : ''}`;
  },
});
