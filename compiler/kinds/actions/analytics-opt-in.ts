import { z } from 'zod';
import { defineKind, ref } from '../kind';
import { identitySettings, identityHosts } from './analytics-page-view';

export default defineKind({
  kind: 'analyticsOptIn',
  params: z.object({ identity: identitySettings, approved: z.union([ref, z.boolean()]) }).strict(),
  describe: (p, w) => `visitor identity opt-in approved when ${w.value(p.approved)} (denied when false)`,
  hosts: (p) => identityHosts(p.identity),
});
