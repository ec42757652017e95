import { de, falsy, isIn, loadTargeting, not, rule, truthy } from '../../runtime/declare';
import { site } from '../site.config';
import { PERSONALIZATION_EXCLUDED_COUNTRIES } from '../lib/areas';

export default rule({
  id: 'targeting-load',
  description: 'Loads the targeting service on page load with the personalization parameters (spec §7), 1 s timeout; web-performance consent; not on framed pages, for crawlers, non-US audiences or the excluded countries (spec §5).',
  events: ['Page Load Started'],
  consent: 'performance',
  conditions: [
    falsy(de('framedPage')),
    falsy(de('crawlerAgent')),
    truthy(de('usAudience')),
    not(isIn(de('siteCountry'), PERSONALIZATION_EXCLUDED_COUNTRIES)),
  ],
  actions: [
    loadTargeting({
      edgeHost: site.hosts.abEdge,
      edgeDomains: [...site.targeting.edgeDomains],
      offerScripts: site.targeting.offerScripts,
      sanitizeHtml: site.targeting.sanitizeHtml,
      clientCode: site.ids.abClientCode,
      version: site.targeting.version,
      timeout: site.targeting.timeout,
      // Spec §7: the personalization parameters; user role and not-pisces are deliberately not sent.
      // Written in the rule: a module constant stays a variable of its own between the bundle's
      // rules, and any such variable keeps the rules before it out of the rules array.
      parameters: {
        userId: de('userIdCookie'),
        advisorId: de('userAdvisorId'),
        investorGUID: de('userInvestorId'),
        firmId: de('firmId'),
        firmName: de('firmName'),
        partyId: de('partyId'),
        visionId: de('userVisionId'),
        dealerCode: de('userDealerCode'),
        dealerRep: de('dealerRep'),
        dealerInfo: de('dealerInfo'),
        dealerBranch: de('dealerBranch'),
        isGenericUser: de('isGenericUser'),
      },
      disable: site.flags.abDisable,
    }),
  ],
});
