import { de, rule } from '../runtime/declare';
import { pageView } from './lib/analytics';

export default rule({
  id: 'analytics-page-view',
  description: 'Sends the analytics page view on Page Load Completed (spec §4, §7).',
  events: ['Page Load Completed'],
  actions: [pageView({ pageName: de('pageName'), ch: de('pageChannel') })],
});
