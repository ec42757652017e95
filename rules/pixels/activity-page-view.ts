import { activityPixel, rule } from '../../runtime/declare';
import { site } from '../site.config';

const p = site.pixels;

export default rule({
  id: 'pixel-activity-page-view',
  description: 'Advertising activity pixel for every page view, with advertising consent (spec §6, §7).',
  events: ['Page Load Completed'],
  consent: 'advertising',
  actions: [activityPixel({ host: p.activityHost, src: p.advertiser, ...p.activities.pageView })],
});
