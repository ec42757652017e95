import { z } from 'zod';
import { defineKind, descriptor } from '../kind';

export default defineKind({
  kind: 'anyOf',
  params: z.object({ conditions: z.array(descriptor).min(1) }),
  describe: (p, w) => `any of (${p.conditions.map((c) => w.condition(c)).join('; or ')})`,
});
