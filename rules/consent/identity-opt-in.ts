import { consentChanged, consentDeclined, consentGiven, rule } from '../../runtime/declare';
import { identityConsent } from '../lib/analytics';

export default rule({
  id: 'identity-opt-in',
  description: 'Keeps the visitor-identity opt-in in step with analytics consent: approved while the consent filter is true, denied (no id call, cookie or sync) when it is not (spec §4, §6).',
  events: [consentGiven(), consentChanged(), consentDeclined()],
  order: 2,
  actions: [identityConsent('consentFilter')],
});
