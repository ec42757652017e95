import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'pageHidden', params: z.object({}).strict(), describe: () => 'page hidden (visibilitychange to hidden or pagehide, once)' });
