import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'promoView',
  params: z.object({ attribute: z.string().regex(/^data-[a-z0-9-]+$/), refresh: z.number().int().min(0) }).strict(),
  describe: (p) => `a promotion (${p.attribute}) enters the viewport for the first time${p.refresh ? ` (page searched again every ${p.refresh} ms)` : ''}`,
});
