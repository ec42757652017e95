import { z } from 'zod';
import { defineKind, hostOf } from '../kind';

export default defineKind({
  kind: 'socialPixel',
  params: z.object({ network: z.string().min(1), url: z.string().url(), params: z.record(z.string(), z.unknown()), sends: z.enum(['advertising', 'performance']).optional() }).strict(),
  describe: (p, w) => `send the ${p.network} pixel to ${p.url} with ${Object.entries(p.params).map(([k, v]) => `${k} = ${w.value(v)}`).join(', ')}`,
  hosts: (p) => [{ host: hostOf(p.url), category: p.sends ?? 'advertising', directive: 'img-src' }],
});
