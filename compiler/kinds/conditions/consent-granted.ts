import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'consentGranted',
  params: z.object({ category: z.enum(['analytics', 'advertising', 'performance']), exceptPaths: z.array(z.string().startsWith('/')).min(1).optional() }).strict(),
  describe: (p) => `visitor consented to ${p.category}${p.exceptPaths ? ` (or path is ${p.exceptPaths.join(', ')})` : ''}`,
});
