import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'timeOnPage',
  params: z.object({ seconds: z.number().positive() }).strict(),
  describe: (p) => `${p.seconds} seconds on the page (once)`,
});
