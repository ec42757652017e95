import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'windowLoaded', params: z.object({}).strict(), describe: () => 'window loaded' });
