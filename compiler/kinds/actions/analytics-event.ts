import { z } from 'zod';
import { defineKind } from '../kind';
import { analyticsSettings, analyticsVars, describeVars, textOrRef, analyticsHosts } from './analytics-page-view';

const event = z.string().regex(/^(event(1000|[1-9]\d{0,2})|purchase|prodView|scOpen|scAdd|scRemove|scView|scCheckout)(=-?\d+(\.\d+)?|:[A-Za-z0-9]{1,20})?$/, 'an analytics event (event1-event1000 or a commerce event, with an optional =number or :serial)');

export default defineKind({
  kind: 'analyticsEvent',
  params: z
    .object({
      settings: analyticsSettings,
      linkName: textOrRef,
      linkType: z.enum(['o', 'd', 'e']).optional(),
      linkUrl: textOrRef.optional(),
      events: z.array(event).optional(),
      sharedEvents: z.array(event).optional(),
      vars: analyticsVars.optional(),
    })
    .strict(),
  describe: (p, w) => {
    const parts = [...(p.events ?? []), describeVars(p.vars, w)].filter(Boolean).join(', ');
    return `send link hit ${w.value(p.linkName)}${p.linkType === 'e' ? ' (exit)' : p.linkType === 'd' ? ' (download)' : ''}${parts ? ` with ${parts}` : ''}`;
  },
  hosts: (p) => analyticsHosts(p.settings),
  analyticsEvents: (p) => ({ sends: p.events ?? [], shared: p.sharedEvents }),
});
