import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'promoClick',
  params: z.object({ attribute: z.string().regex(/^data-[a-z0-9-]+$/), anchorDelay: z.number().int().min(0).max(2000) }).strict(),
  describe: (p) => `click on a promotion (${p.attribute}); its link waits ${p.anchorDelay} ms`,
});
