import { rule, socialPixel } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'pixel-linkedin-page-view',
  description: 'LinkedIn insight pixel for every page view, with advertising consent (spec §1, §6).',
  events: ['Page Load Completed'],
  consent: 'advertising',
  actions: [socialPixel({ network: 'LinkedIn', url: site.pixels.linkedIn.url, params: { pid: site.pixels.linkedIn.partnerId, fmt: 'gif' } })],
});
