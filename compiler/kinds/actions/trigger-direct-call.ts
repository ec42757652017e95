import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'triggerDirectCall',
  params: z.object({ name: z.string().trim().min(1), detail: z.record(z.string(), z.unknown()).optional() }).strict(),
  describe: (p, w) => `run the "${p.name}" direct-call rules${p.detail ? ` with ${w.value(p.detail)}` : ''}`,
});
