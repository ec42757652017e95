import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'noticeListenerOverride',
  params: z.object({ listener: z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/), restoreAfter: z.number().int().positive() }).strict(),
  describe: (p) => `silence ${p.listener} for ${p.restoreAfter / 1000} s, then restore it`,
});
