import { scenario, scenarios } from '../../compiler/scenarios';
import { entry, pageLoad } from './lib/visit';

// The page-name families of spec §2 and the overseas flag: exact pages, areas a path contains,
// the advisor segment, the paginated /advisor/manage list, /advisor/faqs, the data-layer name.

export default scenarios('page names and the overseas flag', [
  scenario({
    name: 'about-us-exact',
    description: '/about-us.html: "about-us > About Us" (a name spec §2 gives verbatim).',
    url: entry('/about-us.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'about' }),
  }),
  scenario({
    name: 'accessibility-statement',
    description: '/accessibility-statement.html: an exact page name.',
    url: entry('/accessibility-statement.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'accessibility' }),
  }),
  scenario({
    name: 'client-relationship-summary',
    description: '/client-relationship-summary.html: an exact page name.',
    url: entry('/client-relationship-summary.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'crs' }),
  }),
  scenario({
    name: 'contained-about-us',
    description: 'A path containing /en/home/about-us/: named from home > about-us.',
    url: entry('/ca/en/home/about-us/leadership.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'ignored', siteCountry: 'ca' }),
  }),
  scenario({
    name: 'not-listed-overseas',
    description: 'An EACG not-listed page: named from not-listed, EACG Sites, overseas flag set, no targeting call.',
    url: entry('/europe/not-listed/en/funds.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'ignored', siteAudience: 'institutional', siteCountry: 'gb' }),
  }),
  scenario({
    name: 'individual-investments',
    description: 'A path containing individual/investments: named from there, US sites.',
    url: entry('/us/individual/investments/fund-detail.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'ignored', siteAudience: 'individual' }),
  }),
  scenario({
    name: 'create-presentation',
    description: 'The portfolio-analyzer create-presentation tool page: named from portfolio-resources.',
    url: entry('/advisor/portfolio-resources/portfolio-analyzer/create-presentation.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'ignored', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'advisor-segment-canada',
    description: 'An /advisor/ca/ page: named from the advisor segment, Canada Sites, en-ca locale.',
    url: entry('/advisor/ca/en/insights.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'ignored', siteAudience: 'advisor', siteCountry: 'ca' }),
  }),
  scenario({
    name: 'advisor-manage-page-3',
    description: 'The paginated /advisor/manage list: its name carries the page number.',
    url: entry('/advisor/manage.html?page=3'),
    consent: 'all',
    push: pageLoad({ pageName: 'ignored', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'advisor-faqs',
    description: 'The advisor FAQs page: its fixed page name on the page view and on a CTA link hit.',
    url: entry('/advisor/faqs'),
    consent: 'all',
    push: pageLoad({ pageName: 'ignored', siteAudience: 'advisor' }),
    after: [{ event: 'CTA Clicked', linkInfo: { linkId: 'faq-contact', customLinkName: 'Contact us', linkPosition: 'footer' } }],
  }),
  scenario({
    name: 'offshore-site',
    description: 'An offshore page: Offshore Site, overseas, data-layer page name.',
    url: entry('/offshore/en/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'offshore > home', siteCountry: 'hk', siteAudience: 'FIT' }),
  }),
  scenario({
    name: 'apac-article',
    description: 'An APAC capital ideas article: EACG Sites, overseas, asia region.',
    url: entry('/apac/capitalideas/article/china-outlook.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'apac > capital ideas > china outlook', siteCountry: 'sg', siteAudience: 'institutional' }),
  }),
]);
