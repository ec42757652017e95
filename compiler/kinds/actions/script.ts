import { z } from 'zod';
import { defineKind, hostOf } from '../kind';

const env = z.enum(['test', 'dev', 'stg', 'prod', 'internal']);

export default defineKind({
  kind: 'script',
  params: z.object({
    name: z.string().min(1),
    url: z.union([z.string().url(), z.partialRecord(env, z.string().url())]),
    sends: z.enum(['analytics', 'advertising', 'performance', 'necessary']),
    timeout: z.number().int().positive().max(60_000).optional(),
    attributes: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), z.string()).optional(),
    init: z.object({ global: z.string().min(1), method: z.string().min(1), args: z.array(z.unknown()) }).optional(),
  }),
  describe: (p) =>
    `load the ${p.name} script ${typeof p.url === 'string' ? p.url : Object.entries(p.url).map(([e, u]) => `${e}: ${u}`).join(', ')}${p.timeout ? ` (timeout ${p.timeout} ms)` : ''}${p.init ? `, then ${p.init.global}.${p.init.method}(${JSON.stringify(p.init.args).slice(1, -1)})` : ''}`,
  hosts: (p, env) => {
    const url = typeof p.url === 'string' ? p.url : p.url[env];
    return url ? [{ host: hostOf(url), category: p.sends, directive: 'script-src' }] : [];
  },
});
