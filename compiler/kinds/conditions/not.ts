import { z } from 'zod';
import { defineKind, descriptor } from '../kind';

export default defineKind({ kind: 'not', params: z.object({ condition: descriptor }), describe: (p, w) => `not (${w.condition(p.condition)})` });
