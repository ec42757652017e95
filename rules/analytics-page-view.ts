import { rule } from '../runtime/declare';
import { pageView } from './lib/analytics';
import { pageContextVars } from './lib/analytics-mapping';

export default rule({
  id: 'analytics-page-view',
  description: 'Sends the analytics page view on Page Load Completed (spec §4, §7).',
  events: ['Page Load Completed'],
  actions: [pageView(pageContextVars)],
});

// rules/lib is not loaded as declarations: the mapping's table is shown from here.
export { pageContextMapping } from './lib/analytics-mapping';
