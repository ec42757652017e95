import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'directCall', params: z.object({ name: z.string().min(1) }), describe: (p) => `tagc.track("${p.name}")` });
