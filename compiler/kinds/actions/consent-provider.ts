import { z } from 'zod';
import { defineKind } from '../kind';

const categories = <T extends z.ZodType>(t: T) => z.object({ analytics: t, advertising: t, performance: t }).strict();
const settings = {
  skip: z.object({
    hosts: z.array(z.string().min(1)),
    pathPrefixes: z.array(z.string().startsWith('/')),
    paths: z.array(z.string().startsWith('/')),
    query: z.object({ name: z.string().min(1), value: z.string() }),
    global: z.string().min(1),
  }),
  suppressionCookie: z.object({ name: z.string().min(1), days: z.number().positive() }),
};

export default defineKind({
  kind: 'consentProvider',
  params: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('trustarc'), levels: categories(z.number().int().min(1)), ...settings }),
    z.object({ provider: z.literal('onetrust'), groups: categories(z.string().regex(/^C\d{4}$/)), ...settings }),
    z.object({ provider: z.literal('implied') }).strict(),
  ]),
  describe: (p) =>
    p.provider === 'implied'
      ? 'start consent with every category granted (no consent manager)'
      : `start consent from the ${p.provider === 'trustarc' ? 'TrustArc-kind notice' : 'OneTrust-kind banner'}; skipped on ${p.skip.hosts.join(', ')}, ${[...p.skip.pathPrefixes, ...p.skip.paths].join(', ')} and with ${p.skip.query.name}=${p.skip.query.value}; decline sets ${p.suppressionCookie.name}`,
});
