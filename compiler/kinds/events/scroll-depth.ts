import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'scrollDepth',
  params: z.object({ marks: z.array(z.number().min(1).max(100)).min(1) }).strict(),
  describe: (p) => `page scrolled to ${p.marks.map((m) => `${m}%`).join(', ')} (each once)`,
});
