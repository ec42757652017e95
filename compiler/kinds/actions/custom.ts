import { z } from 'zod';
import { defineKind } from '../kind';

// Custom code that sends analytics events decided at run time may name them in params (`events`,
// and `sharedEvents` for those counted by other events on purpose) so the compiler can check them.
const events = z.array(z.string()).optional();

export default defineKind({
  kind: 'custom',
  params: z.object({ label: z.string().min(1), events, sharedEvents: events }),
  describe: (p) => `custom code: ${p.label}`,
  analyticsEvents: (p) => ({ sends: p.events ?? [], shared: p.sharedEvents }),
});
