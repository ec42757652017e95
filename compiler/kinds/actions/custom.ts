import { z } from 'zod';
import { defineKind, inventoryHost } from '../kind';

// Custom action code: it reaches the network only through ctx.runtime.send (the compiler's network
// proof), and only the hosts it declares, which the inventory lists under what it sends.
export default defineKind({
  kind: 'custom',
  params: z.object({ label: z.string().min(1), sends: z.enum(['analytics', 'advertising', 'performance', 'necessary']).optional(), hosts: z.array(inventoryHost).optional() }),
  describe: (p) => `custom code: ${p.label}${p.hosts?.length ? ` (sends ${p.sends} to ${p.hosts.join(', ')})` : ''}`,
  hosts: (p) => (p.sends ? (p.hosts ?? []).flatMap((host) => (['connect-src', 'img-src'] as const).map((directive) => ({ host, category: p.sends!, directive }))) : []),
});
