import { scenario, scenarios } from '../../compiler/scenarios';
import { site } from '../../rules/site.config';
import { at, entry, pageLoad } from './lib/visit';

// Every page host of site.config with its channel and reporting suite (spec §2, §4; sites.md).

const h = site.hosts;

export default scenarios('hosts, channels and reporting suites', [
  scenario({
    name: 'entry-home',
    description: 'The entry page: "home > Home", Entry Site, production suite, everything consented.',
    url: entry('/'),
    consent: 'all',
    push: pageLoad({ pageName: 'home', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'entry-location-selector',
    description: 'The location selector on the entry host: its exact page name and the Entry Site channel.',
    url: entry('/privacy/location-selector.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'privacy > location-selector' }),
  }),
  scenario({
    name: 'us-sites-pcs',
    description: 'A /pcs/ page: US sites, page name from the data layer.',
    url: entry('/pcs/overview.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'pcs > overview', siteAudience: 'individual' }),
  }),
  scenario({
    name: 'other-sites',
    description: 'A page outside every channel prefix: Other Sites, page name built from the path (no data-layer name).',
    url: entry('/careers/openings.html'),
    consent: 'all',
    push: pageLoad({ pageName: '' }),
  }),
  scenario({
    name: 'internal-intranet',
    description: 'The intranet host: internal reporting suite.',
    url: at(h.internal[0]!, '/advisor/tools.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'intranet > tools', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'internal-reports-host',
    description: 'The second internal host (firm-internal.example): internal suite, Other Sites.',
    url: at(h.internal[1]!, '/dashboards/weekly.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'reports > weekly' }),
  }),
  scenario({
    name: 'portfolio-analysis-internal-suite',
    description: 'A portfolio-analysis page on the entry host: internal suite by path.',
    url: entry(`/advisor${site.paths.portfolioAnalysis}report.html`),
    consent: 'all',
    push: pageLoad({ pageName: 'portfolio analysis', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'dev-host',
    description: 'The development host: development suite.',
    url: at(h.dev, '/us/en/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'us > home' }),
  }),
  scenario({
    name: 'stg-host',
    description: 'The staging host: staging suite.',
    url: at(h.stg, '/us/en/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'us > home' }),
  }),
  scenario({
    name: 'uat-host-test-suite',
    description: 'A host with a test label (uat): test suite.',
    url: at(h.testHosts[0]!, '/individual/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'individual > home', siteAudience: 'individual' }),
  }),
  scenario({
    name: 'preprod-europe-blueprint',
    description: 'A europe-blueprint path on the pre-production host: test suite, EACG Sites, overseas.',
    url: at(h.testHosts[1]!, `/europe/${site.paths.europeBlueprint}/en/home.html`),
    consent: 'all',
    push: pageLoad({ pageName: 'europe > blueprint', siteCountry: 'gb', siteAudience: 'institutional' }),
  }),
  scenario({
    name: 'localhost-skips-consent',
    description: 'localhost: test suite, consent skipped (everything sent without a stored choice).',
    url: 'http://localhost/advisor/home.html',
    push: pageLoad({ pageName: 'advisor > home', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'long-term-support-host',
    description: 'The long-term-support host: no consent notice, Other Sites.',
    url: at(h.longTermSupport, '/support/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'lts > home' }),
  }),
  scenario({
    name: 'retirement-plan-host',
    description: 'A retirement-plan host: RP Sites, no consent notice.',
    url: at(h.retirementPlan[0]!, '/account/overview.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'rp > overview' }),
  }),
  scenario({
    name: 'plan-access-host',
    description: 'The plan-access host: RP Sites.',
    url: at(h.retirementPlan[1]!, '/plans/summary.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'plan access > summary' }),
  }),
  scenario({
    name: 'retirement-path-rp-sites',
    description: 'A /retirement page on the entry host: RP Sites by path, and the retirement-plan consent rule.',
    url: entry('/retirement/plans.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'retirement > plans' }),
  }),
  scenario({
    name: 'icanretire-site',
    description: 'The icanretire site: its channel.',
    url: at(h.icanretire, '/'),
    consent: 'all',
    push: pageLoad({ pageName: 'icanretire > home', siteAudience: 'individual' }),
  }),
]);
