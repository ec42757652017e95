import { z } from 'zod';
import { defineKind, ref } from '../kind';

export default defineKind({
  kind: 'targetingPageLoad',
  params: z.object({
    edgeHost: z.string().min(1),
    clientCode: z.string().min(1),
    version: z.string().min(1),
    timeout: z.number().int().positive(),
    parameters: z.record(z.string().min(1).max(128), z.union([ref, z.string()])),
    disable: z.string().min(1),
  }),
  describe: (p, w) =>
    `load the targeting service (${p.edgeHost}, client ${p.clientCode}, ${p.timeout} ms timeout) with ${Object.entries(p.parameters).map(([k, v]) => `${k} = ${w.value(v)}`).join(', ')}`,
  hosts: (p) => [{ host: p.edgeHost, category: 'performance', directive: 'connect-src' }],
});
