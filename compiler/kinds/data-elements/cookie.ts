import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'cookie', params: z.object({ name: z.string().min(1) }), describe: (p) => `cookie ${p.name}` });
