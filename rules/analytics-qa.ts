import { analyticsQa, libraryLoaded, rule } from '../runtime/declare';
import { analyticsConsent } from './consent/lib/gates';
import { site } from './site.config';

export default rule({
  id: 'analytics-qa',
  description: 'Checks every analytics beacon (casing, byte limits, ranges, event and product syntax, currency, purchase ID) and reports findings to the QA service, in the validating environments (spec §5, §7).',
  events: [libraryLoaded()],
  order: 5,
  environments: ['test', 'dev', 'stg'],
  conditions: [analyticsConsent],
  actions: [analyticsQa({ host: site.qa.host, propertyId: site.qa.propertyId })],
});
