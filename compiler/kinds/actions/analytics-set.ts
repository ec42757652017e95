import { z } from 'zod';
import { defineKind } from '../kind';
import { analyticsVars, describeVars } from './analytics-page-view';

const names = z.union([z.literal('None'), z.array(z.string().min(1))]);

export default defineKind({
  kind: 'analyticsSet',
  params: z.object({ vars: analyticsVars, linkTrackVars: names.optional(), linkTrackEvents: names.optional(), merge: z.boolean().optional() }).strict(),
  describe: (p, w) => {
    const track = [
      p.linkTrackVars === undefined ? '' : `link hits send ${p.linkTrackVars === 'None' ? 'no variables' : p.linkTrackVars.join(', ') || 'every variable'}`,
      p.linkTrackEvents === undefined ? '' : `link hits send ${p.linkTrackEvents === 'None' ? 'no events' : p.linkTrackEvents.join(', ')}`,
    ].filter(Boolean);
    return `${p.merge ? 'add to' : 'set'} analytics variables ${describeVars(p.vars, w)}${track.length ? `; ${track.join('; ')}` : ''}`;
  },
});
