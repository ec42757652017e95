import { domReady, loadScript, rule } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'script-tags',
  description: "Loads the marketing tags script once the page is parsed, with advertising consent (spec §7).",
  events: [domReady()],
  consent: 'advertising',
  actions: [loadScript({ name: 'tags', url: site.scripts.tags, sends: 'advertising' })],
});
