import { activityPixel, rule } from '../../runtime/declare';
import { site } from '../site.config';

const p = site.pixels;

export default rule({
  id: 'pixel-activity-newsletter',
  description: 'Advertising activity pixel on a completed newsletter sign-up, with advertising consent (spec §6, §7).',
  events: ['Newsletter SignUp Completed'],
  consent: 'advertising',
  actions: [activityPixel({ host: p.activityHost, src: p.advertiser, ...p.activities.newsletter })],
});
