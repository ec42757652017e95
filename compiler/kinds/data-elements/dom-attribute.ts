import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'domAttribute',
  params: z.object({ selector: z.string().min(1), property: z.string().min(1) }).strict(),
  describe: (p) => `${p.property} of the first ${p.selector}`,
});
