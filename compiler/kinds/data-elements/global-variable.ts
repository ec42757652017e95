import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'globalVariable',
  params: z.object({ path: z.string().trim().regex(/^[A-Za-z_$][\w$]*(\.[\w$]+)*$/, 'a dotted path such as digitalData.page.name') }).strict(),
  describe: (p) => `page variable window.${p.path.trim()}`,
});
