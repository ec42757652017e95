import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'queryParam',
  params: z.object({ name: z.string().min(1), caseInsensitive: z.boolean() }),
  describe: (p) => `query parameter ${p.name}${p.caseInsensitive ? ' (any case)' : ''}`,
});
