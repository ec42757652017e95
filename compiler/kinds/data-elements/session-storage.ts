import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'sessionStorage', params: z.object({ key: z.string().min(1) }), describe: (p) => `sessionStorage ${p.key}` });
