import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'derived', params: z.object({ from: z.array(z.string().min(1)).min(1) }), describe: (p) => `derived from ${p.from.map((n) => `«${n}»`).join(', ')}` });
