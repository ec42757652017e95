import { scenario, scenarios } from '../../compiler/scenarios';
import { site } from '../../rules/site.config';
import { advisorCookies, at, entry, individualCookies, institutionalCookies, pageLoad, ubsCookies } from './lib/visit';

// Every audience experience and its login state (spec §6): who is logged in, customer ids for an
// identified user, the party-id call, Login Complete after a login-method cookie.

const c = site.cookies;

export default scenarios('audiences and login states', [
  scenario({
    name: 'advisor-logged-in',
    description: 'A signed-in advisor after login: customer ids, party-id call answered, Login Complete pushed, targeting with personalisation.',
    url: entry('/advisor/home.html'),
    consent: 'all',
    cookies: { ...advisorCookies, [c.loginMethod]: 'password' },
    respond: [{ match: site.partyIdPath, status: 200, body: 'PARTY-1001' }],
    push: pageLoad({ pageName: 'advisor > home', siteAudience: 'advisor' }, { advisorId: 'ADV-1001', dealerCode: 'D12', userRole: 'advisor' }),
  }),
  scenario({
    name: 'advisor-generic-user',
    description: 'A generic (shared) advisor login: logged in, but no customer ids.',
    url: entry('/advisor/insights.html'),
    consent: 'all',
    cookies: { [c.visionSession[1]!]: 'vs-2', [c.userId]: 'SHARED', [c.userProfile]: 'isGenericUser=true|firmId=F-1|firm=Shared Desk' },
    push: pageLoad({ pageName: 'advisor > insights', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'advisor-guest-target-date-compare',
    description: 'Guest access (role cookie) on the target-date compare page counts as an advisor login.',
    url: entry(site.paths.targetDateCompare),
    consent: 'all',
    cookies: { [c.role]: site.guestRole },
    push: pageLoad({ pageName: 'ignored', siteAudience: 'advisor' }),
  }),
  scenario({
    name: 'ria-logged-out',
    description: 'An RIA page, logged out: ria experience from the path.',
    url: entry('/ria/insider/home.html'),
    consent: 'all',
    push: pageLoad({ pageName: 'ria > insider' }),
  }),
  scenario({
    name: 'individual-logged-in',
    description: 'An individual investor with participant and login cookies: logged in.',
    url: entry('/individual/accounts/home.html'),
    consent: 'all',
    cookies: individualCookies,
    push: pageLoad({ pageName: 'individual > accounts', siteAudience: 'individual' }, { investorId: 'INV-55', userRole: 'investor' }),
  }),
  scenario({
    name: 'institutional-logged-in',
    description: 'An institutional user (institutional cookie): logged in, institutional id.',
    url: entry('/institutional/insights.html'),
    consent: 'all',
    cookies: institutionalCookies,
    push: pageLoad({ pageName: 'institutional > insights', siteAudience: 'institutional' }, { institutionalID: 'INST-9' }),
  }),
  scenario({
    name: 'planinsights-logged-in',
    description: 'Retirement Plan Insights with the identity token in local storage: its audience and channel, logged in.',
    url: at(site.hosts.planInsights, '/insights/'),
    consent: 'all',
    localStorage: { [site.storage.rpiIdentityToken]: 'rpi-token-1' },
    push: pageLoad({ pageName: 'rpi > insights', siteAudience: 'retirement-plan-insights' }),
  }),
  scenario({
    name: 'ubs-party-cookie',
    description: 'A ubs user with the party cookie: logged in, party id from the cookie (no party-id call).',
    url: entry('/us/ubs/home.html'),
    consent: 'all',
    cookies: { ...ubsCookies, [c.loginMethod]: 'sso' },
    push: pageLoad({ pageName: 'ubs > home', siteAudience: 'ubs' }),
  }),
  scenario({
    name: 'fit-and-corporate-audiences',
    description: 'FIT audience with a vision session on a Canadian page (personalisation excluded), then a corporate page view.',
    url: entry('/ca/fr/accueil.html?cid=CAMP-9'),
    consent: 'all',
    cookies: { [c.visionSession[0]!]: 'vs-3' },
    push: pageLoad({ pageName: 'ca > fr > accueil', siteAudience: 'FIT', siteCountry: 'ca', siteLanguage: 'fr' }),
    after: pageLoad({ pageName: 'corporate > about', siteAudience: 'corporate', siteCountry: 'ca', siteLanguage: 'fr' }),
  }),
]);
