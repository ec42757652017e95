import { libraryLoaded, loadScript, rule } from '../../runtime/declare';
import { site } from '../site.config';

export default rule({
  id: 'script-remote-monitoring',
  description: 'Loads remote monitoring (sample 100%, replay 0%, privacy mask) with website-performance consent (spec §7, §9).',
  events: [libraryLoaded()],
  consent: 'performance',
  actions: [
    loadScript({
      name: 'remote monitoring',
      url: site.scripts.monitoring,
      sends: 'performance',
      init: { global: 'DD_RUM', method: 'init', args: [{ ...site.scripts.monitoringConfig }] },
    }),
  ],
});
