import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'analyticsClear', params: z.object({}).strict(), describe: () => 'clear analytics variables' });
