import { de, rule } from '../../runtime/declare';
import { customerIds } from '../lib/analytics';
import { analyticsConsent } from '../consent/lib/gates';

export default rule({
  id: 'customer-ids',
  description: 'Sends advisor id, investor GUID, marketing-cloud id and party id as authenticated customer ids for a logged-in identified user (spec §6, §7).',
  events: ['Page Load Started'],
  conditions: [analyticsConsent],
  actions: [
    customerIds(
      { advisorId: de('userAdvisorId'), investorGUID: de('userInvestorId'), marketingCloudId: de('marketingCloudCustomerId'), partyId: de('partyId') },
      de('loggedIn'),
      de('isIdentified'),
    ),
  ],
});
