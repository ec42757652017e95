import { event, scenario, scenarios } from '../../compiler/scenarios';
import { site } from '../../rules/site.config';
import { advisorCookies, entry, pageLoad } from './lib/visit';

// Every family of the event catalogue (spec §3, §9) pushed after the page has loaded: login, self
// service, tools, media, search, downloads, promotions, abandonment, and the link events.

const advisorPage = (path: string, name: string) => ({ url: entry(path), consent: 'all' as const, push: pageLoad({ pageName: name, siteAudience: 'advisor' }) });
const login = (name: 'Login Started' | 'Login Step' | 'Login Complete' | 'Login Failure' | 'Login Lockout', step: string) =>
  event(name, { userStatus: { loginMethod: 'password', siteLoginStatus: 'logged out' }, process: { processStepLabel: step } });
const media = { MultiMediaName: 'Market outlook 2027', MultiMediaType: 'video' };

export default scenarios('catalogue events', [
  scenario({
    name: 'login-journey',
    description: 'Advisor login: start, duplicate start, step, repeated step, complete (event2, event9, event3).',
    ...advisorPage(site.paths.advisorLogin[0], 'advisor > login'),
    after: [login('Login Started', 'username'), login('Login Started', 'username'), login('Login Step', 'password'), login('Login Step', 'password'), login('Login Complete', 'signed in')],
  }),
  scenario({
    name: 'login-failure-lockout',
    description: 'Two failed logins, then a lockout (event4, event5).',
    ...advisorPage(site.paths.advisorLogin[1], 'advisor > login'),
    after: [login('Login Failure', 'password'), login('Login Failure', 'password'), login('Login Lockout', 'locked')],
  }),
  scenario({
    name: 'self-service-process',
    description: 'A self-service process: start, a middle step, completion (event10, event9, event11); then account activity.',
    ...advisorPage('/advisor/accounts/address-change.html', 'advisor > address change'),
    cookies: advisorCookies,
    after: [
      event('Self Service Started', { selfservice: { ActivityName: 'address change', SessionSettings: 'track' }, process: { processStepLabel: 'form' } }),
      event('Self Service Started', { selfservice: { ActivityName: 'address change', SessionSettings: 'track' }, tool: { processStep: true }, process: { processStepLabel: 'review' } }),
      event('Self Service Completed', { selfservice: { ActivityName: 'address change', SessionSettings: 'track' }, process: { processStepLabel: 'confirmed' } }),
      event('Account Activity', { selfservice: { ActivityName: 'statement download' } }),
    ],
  }),
  scenario({
    name: 'tool-process-and-funds',
    description: 'A tool process (event6, event7), funds added and removed (event54/scAdd, event58/scRemove, the fund-added pixel), a poll and a PDF.',
    ...advisorPage('/advisor/tools/fund-comparison.html', 'advisor > tools > fund comparison'),
    after: [
      event('Self Service Started', { selfservice: { SessionSettings: 'track' }, tool: { toolId: 'fund-comparison' }, process: { processStepLabel: 'choose funds' } }),
      event('Fund Additions', { tool: { toolId: 'fund-comparison' }, product: [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }] }),
      event('Fund Removed', { tool: { toolId: 'fund-comparison' }, product: [{ productInfo: { productID: 'AIVSX' }, quantity: 1 }] }),
      event('Self Service Completed', { selfservice: { SessionSettings: 'track' }, tool: { toolId: 'fund-comparison' }, process: { processStepLabel: 'compare' } }),
      event('Poll Vote', { tool: { pollAnswer: 'yes' }, survey: { surveyModuleID: 'poll-7' } }),
      event('Tool Create PDF', { tool: { toolId: 'fund-comparison' } }),
    ],
  }),
  scenario({
    name: 'media-playback',
    description: 'A video started, its quarters, a chapter, play time (event105=seconds), completion; a podcast play time.',
    ...advisorPage('/advisor/insights/video/market-outlook.html', 'advisor > insights > market outlook'),
    after: [
      event('Multi-Media Started', { MultiMedia: media }),
      event('Multi-Media Reached 25%', { MultiMedia: media }),
      event('Multi-Media Chapter Click', { MultiMedia: { ...media, chapterName: 'Rates' } }),
      event('Multi-Media Reached 50%', { MultiMedia: media }),
      event('Multi-Media Reached 75%', { MultiMedia: media }),
      event('Multi-Media Play Time', { MultiMedia: { ...media, Playtime: 312.6 } }),
      event('Multi-Media Completed', { MultiMedia: media }),
      event('Podcast Play Time', { MultiMedia: { MultiMediaName: 'The long view', MultiMediaType: 'podcast', Playtime: 95 } }),
    ],
  }),
  scenario({
    name: 'site-search',
    description: 'A site search with results, one without (event18 and the search variables).',
    url: entry('/search.html?q=bond%20funds'),
    consent: 'all',
    push: pageLoad({ pageName: 'search', siteAudience: 'individual' }),
    after: [
      event('Search Performed', { search: { numResults: 34, keyword: { searchTerm: 'bond funds', searchType: 'site' } }, onsiteSearch: { filterName: 'funds', numResults: '34', keyword: 'bond funds', categoryFilterName: 'fixed income', litCenterSearchTerm: '' } }),
      event('Onsite Search Succeeded', { search: { numResults: 34, keyword: { searchTerm: 'bond funds' } } }),
      event('Onsite Search Failed', { search: { numResults: 0, keyword: { searchTerm: 'zzyzx' } } }),
    ],
  }),
  scenario({
    name: 'downloads-and-content',
    description: 'A document download (event12, download link), an article click, a share, content loaded, a modal.',
    url: entry('/individual/insights/articles/retirement-income.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'individual > insights > retirement income', siteAudience: 'individual' }),
    after: [
      event('Content Downloads', { download: { filename: 'fact-sheet.pdf', filelitcode: 'MFGEFS-066' }, downloads: { litCode: 'MFGEFS-066' } }),
      event('Article Click', { content: { contentTitle: 'Retirement income', contentType: 'article', contentCategory: 'retirement', contentAction: 'read more' } }),
      event('Content Share', { social: { shareMethod: 'email' } }),
      event('Content Loaded', { content: { contentTitle: 'Retirement income' } }),
      event('Modal Load', { linkInfo: { customLinkName: 'Disclosures' } }),
    ],
  }),
  scenario({
    name: 'promotions',
    description: 'A promotion seen, then clicked (event130, promo variables).',
    url: entry('/us/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'us > home', siteAudience: 'individual' }),
    after: [
      event('Onsite Promo View', { promotion: { promoName: 'spring-rollover' }, product: [{ productInfo: { productID: 'RLOVR' }, quantity: 1 }] }),
      event('Onsite Promo Click', { promotion: { promoName: 'spring-rollover' }, product: [{ productInfo: { productID: 'RLOVR' }, quantity: 1 }] }),
    ],
  }),
  scenario({
    name: 'form-abandonment-and-errors',
    description: 'A form error, then the form abandoned (event66, event65).',
    ...advisorPage('/advisor/contact.html', 'advisor > contact'),
    after: [
      event('Error Message Presented', { process: { processStepLabel: 'contact form' }, formFieldError: 'email: invalid address' }),
      event('Abandonment', { abandonment: { lasttouchfield: 'email', userinputfields: 'firstName|email' }, process: { processStepLabel: 'Abandon: contact' } }),
    ],
  }),
  scenario({
    name: 'navigation-and-newsletter',
    description: 'CTA, global navigation, hover, newsletter sign-up (with its advertising pixel), logout, sign-out.',
    ...advisorPage('/advisor/insights.html', 'advisor > insights'),
    cookies: advisorCookies,
    after: [
      event('CTA Clicked', { linkInfo: { linkId: 'open-account', customLinkName: 'Open an account', linkPosition: 'hero' } }),
      event('Global Navigation Click', { page: { navigationPath: 'insights > markets' }, linkInfo: { linkId: 'nav-markets', customLinkName: 'Markets' }, navigation: { siteSwitcherName: 'advisor' } }),
      event('Hover', { hover: { hoverLinkName: 'fund tile' } }),
      event('Newsletter SignUp Started', { linkInfo: { customLinkName: 'Weekly insights' }, subscription: { subscriptionType: 'weekly' } }),
      event('Newsletter SignUp Completed', { linkInfo: { customLinkName: 'Weekly insights' }, subscription: { subscriptionType: 'weekly' } }),
      event('Logout', {}),
      event('User Signed Out', {}),
    ],
  }),
  scenario({
    name: 'commerce-and-account-security',
    description: 'Cart events, sign-in, password reset and two-factor flows.',
    url: entry('/individual/accounts/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'individual > accounts', siteAudience: 'individual' }),
    after: [
      event('Cart Item Added', { product: [{ productInfo: { productID: 'AGTHX' }, quantity: 2 }] }),
      event('Cart Item Removed', { product: [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }] }),
      event('Cart Viewed', { product: [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }] }),
      event('Sign In Started', { userStatus: { loginMethod: 'password' } }),
      event('Sign In Completed', { userStatus: { loginMethod: 'password' } }),
      event('Password Reset Started', { process: { processStepLabel: 'request' } }),
      event('Password Reset Completed', { process: { processStepLabel: 'done' } }),
      event('Two-Factor Started', { userStatus: { loginMethod: 'sms' } }),
      event('Two-Factor Completed', { userStatus: { loginMethod: 'sms' } }),
    ],
  }),
  scenario({
    name: 'engaged-page',
    description: '31 s on a page: heartbeat pushes, the 30-seconds-on-page hit (event103), a scroll push from the page.',
    url: entry('/advisor/insights/outlook.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'advisor > insights > outlook', siteAudience: 'advisor' }),
    after: [event('Page Scroll', { scroll: { pagePercentage: 50 } })],
    wait: 31_000,
  }),
]);
