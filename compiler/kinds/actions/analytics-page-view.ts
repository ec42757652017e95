import { z } from 'zod';
import { defineKind, ref } from '../kind';

export default defineKind({
  kind: 'analyticsPageView',
  params: z.object({ trackingServer: z.string().min(1), reportSuite: z.union([ref, z.string().min(1)]), vars: z.record(z.string(), z.unknown()) }),
  describe: (p, w) =>
    `send page view to ${p.trackingServer} (suite ${w.value(p.reportSuite)}) with ${Object.entries(p.vars).map(([k, v]) => `${k} = ${w.value(v)}`).join(', ')}`,
});
