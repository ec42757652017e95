import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'custom',
  params: z.object({ reads: z.array(z.string().min(1)) }),
  describe: (p) => (p.reads.length ? `custom code reading ${p.reads.map((n) => `«${n}»`).join(', ')}` : 'custom code'),
});
