import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'domReady', params: z.object({}).strict(), describe: () => 'DOM ready' });
