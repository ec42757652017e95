import { activityPixel, rule } from '../../runtime/declare';
import { site } from '../site.config';

const p = site.pixels;

export default rule({
  id: 'pixel-activity-fund-added',
  description: 'Advertising activity pixel when a fund is added to a list, with advertising consent (spec §6, §7).',
  events: ['Fund Additions'],
  consent: 'advertising',
  actions: [activityPixel({ host: p.activityHost, src: p.advertiser, ...p.activities.fundAdded })],
});
