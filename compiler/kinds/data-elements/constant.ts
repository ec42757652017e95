import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'constant', params: z.object({ value: z.unknown() }), describe: (p, w) => `constant ${w.value(p.value)}` });
