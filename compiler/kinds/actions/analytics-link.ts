import { z } from 'zod';
import { defineKind } from '../kind';
import { analyticsSettings, analyticsVars, describeVars, textOrRef, analyticsHosts } from './analytics-page-view';

const types = { o: '', d: ' (download)', e: ' (exit)' } as const;

export default defineKind({
  kind: 'analyticsLink',
  params: z.object({ settings: analyticsSettings, name: textOrRef, type: z.enum(['o', 'd', 'e']).optional(), url: textOrRef.optional(), vars: analyticsVars.optional() }).strict(),
  describe: (p, w) => {
    const vars = describeVars(p.vars, w);
    return `send link hit ${w.value(p.name)}${types[p.type ?? 'o']}${vars ? ` with ${vars}` : ''}`;
  },
  hosts: (p) => analyticsHosts(p.settings),
});
