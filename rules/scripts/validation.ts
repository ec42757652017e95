import { domReady, loadScript, rule } from '../../runtime/declare';
import { analyticsConsent } from '../consent/lib/gates';
import { site } from '../site.config';

export default rule({
  id: 'script-hosted-validation',
  description: 'Loads the hosted analytics validation script in the validating environments, behind the analytics gate (spec §1, §7).',
  events: [domReady()],
  environments: ['test', 'dev', 'stg'],
  conditions: [analyticsConsent],
  actions: [loadScript({ name: 'hosted validation', url: site.scripts.validation, sends: 'analytics' })],
});
