import { domReady, forEnvironment, loadScript, rule } from '../../runtime/declare';
import { site } from '../site.config';

const s = site.scripts;

export default rule({
  id: 'script-co-browse',
  description: 'Loads the co-browse script of the environment (group 24324 prod, 24325 stg, 24326 dev) for assisted sessions (spec §7, §9); necessary.',
  events: [domReady()],
  environments: ['dev', 'stg', 'prod'],
  actions: [
    loadScript({ name: 'co-browse', url: forEnvironment(s.coBrowse), sends: 'necessary' }),
  ],
});
