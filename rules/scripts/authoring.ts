import { domReady, hostEquals, loadScript, rule } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'script-authoring',
  description: 'Loads the authoring script on the authoring host only (spec §1, §7).',
  events: [domReady()],
  conditions: [hostEquals(site.hosts.authoring)],
  actions: [loadScript({ name: 'authoring', url: site.scripts.authoring, sends: 'necessary' })],
});
