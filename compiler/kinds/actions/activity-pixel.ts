import { z } from 'zod';
import { defineKind, ref } from '../kind';

const flag = z.enum(['', '0', '1']);

export default defineKind({
  kind: 'activityPixel',
  params: z.object({
    host: z.string().min(1),
    src: z.string().min(1),
    type: z.string().min(1),
    cat: z.string().min(1),
    npa: z.union([ref, z.boolean()]).optional(),
    childDirected: flag.optional(),
    underAge: flag.optional(),
  }).strict(),
  describe: (p, w) => `send the advertising activity pixel src=${p.src};type=${p.type};cat=${p.cat} to ${p.host}${p.npa !== undefined ? ` (npa from ${w.value(p.npa)})` : ''}`,
  hosts: (p) => [{ host: p.host, category: 'advertising', directive: 'img-src' }],
});
