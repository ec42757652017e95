import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'elementClick',
  params: z.object({ selector: z.string().min(1).optional(), targetOnly: z.boolean().optional() }).strict(),
  describe: (p) => (p.selector ? `click on ${p.selector}${p.targetOnly ? ' (the clicked element itself)' : ' (or inside it)'}` : 'any click'),
});
