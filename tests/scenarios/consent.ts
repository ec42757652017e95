import { scenario, scenarios } from '../../compiler/scenarios';
import { site } from '../../rules/site.config';
import { at, entry, pageLoad } from './lib/visit';

// Each consent state (spec §4, §6): unset, all, none, each category alone, the provider's
// callbacks (given, changed, declined), the skipped hosts, paths and flag, the one analytics
// exemption, the consent test mode and search crawlers.

const page = pageLoad({ pageName: 'us > funds', siteAudience: 'individual' });
const funds = entry('/us/funds.html');

export default scenarios('consent', [
  scenario({ name: 'consent-unset', description: 'No stored consent: everything is sent (no stored consent means all).', url: funds, consent: 'unset', push: page }),
  scenario({ name: 'consent-none', description: 'Stored: nothing granted. Only necessary requests leave.', url: funds, consent: 'none', push: page }),
  scenario({ name: 'consent-analytics-only', description: 'Stored: analytics (the notice level that also holds performance).', url: funds, consent: ['analytics'], push: page }),
  scenario({ name: 'consent-advertising-only', description: 'Stored: advertising only: pixels and the tags script, no beacons.', url: funds, consent: ['advertising'], push: page }),
  scenario({ name: 'consent-performance-only', description: 'Stored: performance only: monitoring and targeting, no beacons or pixels.', url: entry('/advisor/home.html'), consent: ['performance'], push: pageLoad({ pageName: 'advisor > home', siteAudience: 'advisor' }) }),
  scenario({
    name: 'consent-given-after-load',
    description: 'Stored: none; the visitor then accepts everything in the notice.',
    url: funds,
    consent: 'none',
    consentEvent: 'given',
    push: page,
  }),
  scenario({
    name: 'consent-changed-to-advertising',
    description: 'Stored: analytics; the visitor changes to advertising only.',
    url: funds,
    consent: ['analytics'],
    consentEvent: { changed: ['advertising'] },
    push: page,
  }),
  scenario({
    name: 'consent-declined',
    description: 'The visitor declines: the suppression cookie is set and identity opt-in is denied.',
    url: funds,
    consent: 'unset',
    consentEvent: 'declined',
    push: page,
  }),
  scenario({
    name: 'consent-skipped-author-host',
    description: 'The authoring host skips consent over a stored decline and loads the authoring script.',
    url: at(site.hosts.authoring, '/content/advisor/home.html'),
    consent: 'none',
    push: pageLoad({ pageName: 'author > home', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'consent-skipped-by-flag',
    description: 'The skip flag in the query skips consent over a stored decline.',
    url: entry(`/us/funds.html?${site.flags.consentSkipQuery.name}=${site.flags.consentSkipQuery.value}`),
    consent: 'none',
    push: page,
  }),
  scenario({
    name: 'consent-skipped-restricted-webinar',
    description: 'A restricted-webinar path skips consent.',
    url: entry(`${site.paths.restrictedWebinars}q3-outlook.html`),
    consent: 'none',
    push: pageLoad({ pageName: 'advisor > webinars > q3', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'consent-skipped-cookie-policy',
    description: 'The cookie-policy page skips consent.',
    url: entry(site.paths.cookiePages[0]),
    consent: 'none',
    push: pageLoad({ pageName: 'privacy > cookie policy' }),
  }),
  scenario({
    name: 'client-accounts-exemption',
    description: 'The advisor client-accounts home page sends analytics without analytics consent (spec §6), nothing else.',
    url: entry(site.paths.clientAccountsHome),
    consent: 'none',
    push: pageLoad({ pageName: 'advisor > client accounts', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'consent-test-mode',
    description: 'The consent test flag in local storage: the notice loads with the test vendor id.',
    url: funds,
    localStorage: { [site.flags.consentTestStorage.key]: site.flags.consentTestStorage.value },
    push: page,
  }),
  scenario({
    name: 'search-crawler',
    description: 'A search crawler: no consent notice, no page tracking.',
    url: funds,
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.example/bot.html)',
    push: page,
  }),
]);
