import { domReady, loadScript, rule } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'script-themes',
  description: "Loads the site's themes script (spec §7); necessary, no consent.",
  events: [domReady()],
  actions: [loadScript({ name: 'themes', url: site.scripts.themes, sends: 'necessary', timeout: 2000 })],
});
