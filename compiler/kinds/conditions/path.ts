import { z } from 'zod';
import { defineKind } from '../kind';

const words = { startsWith: 'starts with', contains: 'contains', equals: 'is', endsWith: 'ends with', matches: 'matches' } as const;

export default defineKind({
  kind: 'path',
  params: z.object({ op: z.enum(['startsWith', 'contains', 'equals', 'endsWith', 'matches']), value: z.string(), flags: z.string().optional() }),
  describe: (p) => `path ${words[p.op]} ${p.op === 'matches' ? `/${p.value}/${p.flags ?? ''}` : p.value}`,
});
