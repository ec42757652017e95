import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'custom', params: z.object({ label: z.string().min(1) }), describe: (p) => `custom code: ${p.label}` });
