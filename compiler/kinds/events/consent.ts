import { z } from 'zod';
import { defineKind } from '../kind';

const words = { given: 'consent given', changed: 'consent changed', declined: 'consent declined' } as const;

export default defineKind({ kind: 'consent', params: z.object({ change: z.enum(['given', 'changed', 'declined']) }).strict(), describe: (p) => words[p.change] });
