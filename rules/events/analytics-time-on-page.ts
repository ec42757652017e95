import { rule, timeOnPage } from '../../runtime/declare';
import { analyticsConsent } from '../consent/lib/gates';
import { analyticsEvent } from '../lib/analytics';
import { eventRow, type EventRow } from '../lib/event-numbers';
import { hitWhenRun, varsOf } from './lib/catalogue-rule';

// The row is read inside the rule, not as a constant of the module: a call at the top level of a
// module is evaluated in its place in the bundle, so that the minifier would no longer write the
// rules before it into the bundle's rules array (compiler/phases/5-emit/entry.ts). In a bundle it
// is read when the rule first runs (hitWhenRun), as a catalogue rule's.
const hit = (row: EventRow) => analyticsEvent({ linkName: '30 seconds on page', events: row.events, vars: varsOf(row) });

export default rule({
  id: 'analytics-time-on-page',
  description: `The 30-seconds-on-page trigger (spec §9): one link hit with ${eventRow('[30 seconds on page]').events.join(', ')} per page.`,
  events: [timeOnPage(30)],
  conditions: [analyticsConsent],
  actions: [hitWhenRun(() => hit(eventRow('[30 seconds on page]')))],
});
