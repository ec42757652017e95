import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'dataLayer', params: z.object({ path: z.string().regex(/^[^.\s]+(\.[^.\s]+)*$/, 'a dotted path such as page.pageName') }), describe: (p) => `data layer ${p.path}` });
