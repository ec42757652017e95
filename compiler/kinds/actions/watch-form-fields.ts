import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'watchFormFields',
  params: z.object({ attribute: z.string().regex(/^data-[a-z0-9-]+$/) }).strict(),
  describe: (p) =>
    `record the names (never the values) of fields touched in forms marked ${p.attribute}; when the page is hidden without a submit, push an Abandonment event per form`,
});
