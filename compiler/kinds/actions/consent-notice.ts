import { z } from 'zod';
import { defineKind, hostOf } from '../kind';

const polling = z.object({ selector: z.string().min(1), every: z.number().int().positive(), times: z.number().int().positive().max(1000) });

export default defineKind({
  kind: 'consentNotice',
  params: z.object({
    url: z.object({
      base: z.string().url(),
      domainId: z.string().min(1),
      vendorIds: z.object({ standard: z.string().regex(/^\d+$/), test: z.string().regex(/^\d+$/) }),
      testFlag: z.object({ key: z.string().min(1), value: z.string() }),
      canadaPrefixes: z.array(z.string().startsWith('/')),
    }),
    rules: z.object({ hosts: z.array(z.string().min(1)), pathPrefixes: z.array(z.string().startsWith('/')), crawlerAgents: z.array(z.string().min(1)) }),
    page: z.object({
      link: polling,
      translation: polling,
      buttons: polling,
      stylingDelay: z.number().int().nonnegative(),
      banner: z.string().min(1),
      lift: z.array(z.object({ selector: z.string().min(1), offset: z.number().int() })),
      pageLoadCookie: z.object({ name: z.string().min(1), seconds: z.number().positive(), skippedSeconds: z.number().positive() }),
      requestForms: z.object({ selector: z.string().min(1), height: z.number().int().positive() }),
    }),
  }),
  describe: (p) =>
    `load the consent notice ${p.url.base} (domain ${p.url.domainId}, vendor ${p.url.vendorIds.standard} or ${p.url.vendorIds.test} in test mode) unless framed, on ${p.rules.hosts.join(', ')}, under ${p.rules.pathPrefixes.join(', ')} or for search crawlers`,
  hosts: (p) => [{ host: hostOf(p.url.base), category: 'necessary', directive: 'script-src' }],
});
