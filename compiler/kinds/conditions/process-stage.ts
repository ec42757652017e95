import { z } from 'zod';
import { defineKind } from '../kind';

const words = {
  start: 'starts (a duplicate start is not counted)',
  step: 'reaches a new step after it started',
  complete: 'completes (its steps are then forgotten)',
} as const;
const names = { tool: 'a tool process', selfservice: 'a self-service process', login: 'the login process' } as const;

export default defineKind({
  kind: 'processStage',
  params: z.object({ kind: z.enum(['tool', 'selfservice', 'login']), stage: z.enum(['start', 'step', 'complete']) }).strict(),
  describe: (p) => `${names[p.kind]} ${words[p.stage]}`,
});
