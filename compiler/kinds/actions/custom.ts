import { z } from 'zod';
import { defineKind, inventoryHost } from '../kind';

// Custom action code: it reaches the network only through ctx.runtime.send (the compiler's network
// proof), and only the hosts it declares, which the inventory lists under what it sends. Code that
// sends analytics events decided at run time may name them (`events`, and `sharedEvents` for those
// counted by other events on purpose) so the compiler can check them.
const events = z.array(z.string()).optional();

export default defineKind({
  kind: 'custom',
  params: z.object({ label: z.string().min(1), events, sharedEvents: events, sends: z.enum(['analytics', 'advertising', 'performance', 'necessary']).optional(), hosts: z.array(inventoryHost).optional() }),
  describe: (p) => `custom code: ${p.label}${p.hosts?.length ? ` (sends ${p.sends} to ${p.hosts.join(', ')})` : ''}`,
  analyticsEvents: (p) => ({ sends: p.events ?? [], shared: p.sharedEvents }),
  hosts: (p) => (p.sends ? (p.hosts ?? []).flatMap((host) => (['connect-src', 'img-src'] as const).map((directive) => ({ host, category: p.sends!, directive }))) : []),
});
