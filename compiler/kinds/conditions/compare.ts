import { z } from 'zod';
import { defineKind, ref } from '../kind';

const words = {
  equals: 'is', notEquals: 'is not', contains: 'contains', startsWith: 'starts with', matches: 'matches',
  in: 'is one of', truthy: 'is set', falsy: 'is not set',
} as const;

export default defineKind({
  kind: 'compare',
  params: z.object({ left: ref, op: z.enum(['equals', 'notEquals', 'contains', 'startsWith', 'matches', 'in', 'truthy', 'falsy']), right: z.unknown().optional() }),
  describe: (p, w) => {
    const right = p.right && typeof p.right === 'object' && 'pattern' in (p.right as object) ? `/${(p.right as { pattern: string }).pattern}/` : w.value(p.right);
    return p.op === 'truthy' || p.op === 'falsy' ? `${w.value(p.left)} ${words[p.op]}` : `${w.value(p.left)} ${words[p.op]} ${right}`;
  },
});
