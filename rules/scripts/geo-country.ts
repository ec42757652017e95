import { domReady, loadScript, rule } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'script-geo-country',
  description: 'Loads the geo-country script that the location selector needs (spec §7); necessary, no consent.',
  events: [domReady()],
  actions: [loadScript({ name: 'geo country', url: site.scripts.geoCountry, sends: 'necessary', timeout: 2000 })],
});
