import { z } from 'zod';
import { defineKind, ref } from '../kind';
import { identitySettings, textOrRef, identityHosts } from './analytics-page-view';

export default defineKind({
  kind: 'analyticsCustomerIds',
  params: z
    .object({ identity: identitySettings, ids: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/, 'an integration code'), textOrRef), loggedIn: z.union([ref, z.boolean()]), identified: z.union([ref, z.boolean()]).optional() })
    .strict(),
  describe: (p, w) =>
    `send customer ids ${Object.entries(p.ids).map(([code, v]) => `${code} = ${w.value(v)}`).join(', ')} as authenticated when ${w.value(p.loggedIn)}${p.identified === undefined ? '' : ` and ${w.value(p.identified)}`}`,
  hosts: (p) => identityHosts(p.identity),
});
