import { rule } from '../runtime/declare';
import { pageView } from './lib/analytics';
import { pageContextVars } from './lib/analytics-mapping';
import { analyticsConsent } from './consent/lib/gates';

export default rule({
  id: 'analytics-page-view',
  description: 'Sends the analytics page view on Page Load Completed (spec §4, §7).',
  events: ['Page Load Completed'],
  // Spec §6: analytics consent, except on the advisor client-accounts home page (docs/consent.md).
  conditions: [analyticsConsent],
  actions: [pageView(pageContextVars)],
});
