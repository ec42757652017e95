import { z } from 'zod';
import { defineKind } from '../kind';

export default defineKind({ kind: 'pageBottom', params: z.object({}).strict(), describe: () => 'page bottom (_satellite.pageBottom(), else when the DOM is parsed)' });
