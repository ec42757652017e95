import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'dataLayer', params: z.object({ name: z.string().min(1) }), describe: (p) => `data-layer event "${p.name}"` });
