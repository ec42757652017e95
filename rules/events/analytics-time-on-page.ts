import { rule, timeOnPage } from '../../runtime/declare';
import { analyticsConsent } from '../consent/lib/gates';
import { analyticsEvent } from '../lib/analytics';
import { eventRow } from '../lib/event-numbers';
import { varsOf } from './lib/catalogue-rule';

const row = eventRow('[30 seconds on page]');

export default rule({
  id: 'analytics-time-on-page',
  description: `The 30-seconds-on-page trigger (spec §9): one link hit with ${row.events.join(', ')} per page.`,
  events: [timeOnPage(30)],
  conditions: [analyticsConsent],
  actions: [analyticsEvent({ linkName: '30 seconds on page', events: row.events, vars: varsOf(row) })],
});
