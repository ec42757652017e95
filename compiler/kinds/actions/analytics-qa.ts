import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'analyticsQa',
  params: z.object({ host: z.string().min(1), propertyId: z.string().min(1) }),
  describe: (p) => `check every analytics beacon (casing, byte limits, ranges, events, products, currency, purchase ID) and report findings to ${p.host} for property ${p.propertyId}`,
  hosts: (p) => [{ host: p.host, category: 'analytics', directive: 'connect-src' }],
});
