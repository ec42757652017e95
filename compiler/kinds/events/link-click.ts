import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'linkClick',
  params: z
    .object({
      ownDomains: z.array(z.string().min(1)).min(1),
      internalSchemes: z.array(z.string().regex(/^[a-z][a-z0-9+.-]*:$/)),
      anchorDelay: z.number().int().min(0).max(2000),
      downloadExtensions: z.array(z.string().regex(/^[a-z0-9]+$/)).optional(),
      downloadClass: z.string().min(1).optional(),
      fileUrlParams: z.array(z.string().min(1)).optional(),
    })
    .strict(),
  describe: (p) =>
    `click on a tracked link (data-ea-cta/download/exit/ui-link, a download, or a link leaving ${p.ownDomains.join(', ')})` +
    (p.anchorDelay ? `; same-window links wait ${p.anchorDelay} ms` : ''),
});
