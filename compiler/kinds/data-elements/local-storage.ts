import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'localStorage', params: z.object({ key: z.string().min(1) }), describe: (p) => `localStorage ${p.key}` });
