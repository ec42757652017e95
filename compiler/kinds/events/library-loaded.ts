import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'libraryLoaded', params: z.object({}).strict(), describe: () => 'library loaded' });
