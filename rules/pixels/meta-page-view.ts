import { rule, socialPixel } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'pixel-meta-page-view',
  description: 'Meta page-view pixel for every page view, with advertising consent (spec §1, §6).',
  events: ['Page Load Completed'],
  consent: 'advertising',
  actions: [socialPixel({ network: 'Meta', url: site.pixels.meta.url, params: { id: site.pixels.meta.pixelId, ev: 'PageView', noscript: '1' } })],
});
