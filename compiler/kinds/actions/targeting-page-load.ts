import { z } from 'zod';
import { defineKind, ref } from '../kind';

export default defineKind({
  kind: 'targetingPageLoad',
  params: z.object({
    edgeHost: z.string().regex(/^[a-z0-9.-]+$/i, 'a host name'),
    edgeDomains: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]+$/i, 'a domain')),
    offerScripts: z.boolean(),
    sanitizeHtml: z.boolean().optional(),
    clientCode: z.string().min(1),
    version: z.string().min(1),
    timeout: z.number().int().positive(),
    parameters: z.record(z.string().min(1).max(128), z.union([ref, z.string()])),
    disable: z.string().min(1),
  }),
  describe: (p, w) =>
    `load the targeting service (${[p.edgeHost, ...p.edgeDomains.map((d) => `*.${d}`)].join(', ')}, client ${p.clientCode}, ${p.timeout} ms timeout; offer scripts ${p.offerScripts ? 'allowed' : 'refused'}${p.sanitizeHtml ? ', HTML cleaned' : ''}) with ${Object.entries(p.parameters).map(([k, v]) => `${k} = ${w.value(v)}`).join(', ')}`,
  // Deliveries and notifications (fetch, sendBeacon) go to the edge host or a host under an allowed edge domain.
  hosts: (p) => [p.edgeHost, ...p.edgeDomains.map((d) => `*.${d}`)].map((host) => ({ host, category: 'performance' as const, directive: 'connect-src' as const })),
});
