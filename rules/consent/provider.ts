import { libraryLoaded, loadConsentNotice, rule, trustArcConsent } from '../../runtime/declare';
import { site } from '../site.config';

const c = site.consent;

export default rule({
  id: 'consent-provider',
  description: 'Starts consent from the cookie-consent notice before any other rule and loads the notice where it belongs (spec §4, §5, §9).',
  events: [libraryLoaded()],
  order: 1,
  actions: [
    trustArcConsent({
      levels: { ...c.levels },
      skip: {
        hosts: [site.hosts.authoring, 'localhost'],
        pathPrefixes: [site.paths.restrictedWebinars],
        paths: [...site.paths.cookiePages],
        query: { ...site.flags.consentSkipQuery },
        global: site.flags.consentSkipGlobal,
      },
      suppressionCookie: { ...c.suppressionCookie },
    }),
    loadConsentNotice({
      url: {
        base: c.noticeUrl,
        domainId: c.domainId,
        vendorIds: { ...c.vendorIds },
        testFlag: { ...site.flags.consentTestStorage },
        canadaPrefixes: site.paths.canada,
      },
      rules: { hosts: [site.hosts.longTermSupport, ...site.hosts.retirementPlan], pathPrefixes: [...c.noNoticePaths], crawlerAgents: c.crawlerAgents },
      page: {
        link: { selector: '#teconsent a, #teconsent span[role="link"]', every: 100, times: 100 },
        translation: { selector: '#truste-consent-text', every: 300, times: 50 },
        buttons: { selector: '#truste-consent-button, #truste-consent-required', every: 10, times: 100 },
        stylingDelay: 1500,
        banner: '#consent_blackbar',
        lift: [
          { selector: '.contact-us-button', offset: 120 },
          { selector: '.accessibility-button', offset: 55 },
        ],
        pageLoadCookie: { ...c.pageLoadCookie },
        requestForms: { selector: 'iframe[src*="privacy-request"]', height: 420 },
      },
    }),
  ],
});
