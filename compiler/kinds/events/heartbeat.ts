import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({
  kind: 'heartbeat',
  params: z.object({ every: z.number().int().min(1000) }).strict(),
  describe: (p) => `every ${p.every / 1000} s while the page is visible`,
});
