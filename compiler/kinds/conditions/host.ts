import { z } from 'zod';
import { defineKind } from '../kind';

const words = { equals: 'is', in: 'is one of', contains: 'contains', endsWith: 'is within' } as const;

export default defineKind({
  kind: 'host',
  params: z.object({ op: z.enum(['equals', 'in', 'contains', 'endsWith']), value: z.union([z.string(), z.array(z.string())]) }),
  describe: (p) => `host ${words[p.op]} ${Array.isArray(p.value) ? p.value.join(', ') : p.value}`,
});
