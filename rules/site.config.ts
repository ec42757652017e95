// The one site configuration module (../shared/spec/sites.md): every host, path and id that the
// container spec leaves unnamed. Rules and data elements take them from here; a firm adopting tagc
// changes only this file.

export const site = {
  hosts: {
    /** "/" on it is "home > Home"; Entry Site channel. */
    entry: 'www.firm.example',
    /** The firm's own domains: internal-link filter, and the bundle's domain allow-list. */
    ownDomains: ['firm.example', 'icanretire.example', 'planinsights.example'],
    internal: ['intranet.firm.example', 'reports.firm-internal.example'],
    dev: 'dev.firm.example',
    stg: 'stg.firm.example',
    /** Host labels that select the test reporting suite. */
    testLabels: ['uat', 'preprod', 'author', 'localhost'],
    testHosts: ['uat.firm.example', 'preprod.firm.example', 'author.firm.example', 'localhost'],
    authoring: 'author.firm.example',
    longTermSupport: 'lts.firm.example',
    retirementPlan: ['myretirement.firm.example', 'planaccess.firm.example'],
    icanretire: 'www.icanretire.example',
    planInsights: 'www.planinsights.example',
    trackingServer: 'metrics.firm.example',
    schemaService: 'schemas.firm.example',
    abEdge: 'firm.tt.omtrdc.example',
    identity: 'dpm.identity.example',
  },
  /** Domains the bundle runs on (and subdomains); anywhere else it logs and does nothing. */
  allowedDomains: ['firm.example', 'firm-internal.example', 'icanretire.example', 'planinsights.example', 'localhost'],
  /**
   * Event payload validation (test, dev, stg bundles). The schema service serves
   * https://{hosts.schemaService}/{prefix}/{organization}/{property}/{build}/{event}.json; `tagc build`
   * writes those documents under build/schemas/ with build = the package version. reportUrl
   * receives each failure as JSON (null: console only).
   */
  validation: {
    schemaService: { prefix: 'schemas', organization: 'firm', property: 'web' },
    reportUrl: null,
  },
  /**
   * The data-layer manager (spec §4): the computed state is cleared before these events (a new
   * page context); consentCookie, when set, holds initialisation until that cookie exists.
   */
  dataLayer: { resetBefore: ['Page Load Started'], consentCookie: null },
  /** Link schemes that count as internal links. */
  internalSchemes: ['mailto:', 'tel:', 'javascript:'],
  paths: {
    portfolioAnalysis: '/portfolio-analysis/',
    clientAccountsHome: '/advisor/client-accounts/home.html',
    restrictedWebinars: '/advisor/webinars/restricted/',
    cookiePages: ['/privacy/cookie-policy.html', '/privacy/cookie-settings.html'],
    targetDateCompare: '/advisor/tools/planning/target-date-proview/compare.html',
    advisorLogin: ['/advisor/login.html', '/advisor/login/'],
    europeBlueprint: 'europe-blueprint',
  },
  /**
   * Cookie names (the spec names the cookies by role only; these are tagc's choices, one place).
   * userProfile holds pipe-separated key=value pairs (isGenericUser, firmId, firm); dealerInfo holds
   * ampersand-separated positional values dealer&branch&rep.
   */
  cookies: {
    userProfile: 'userProfile',
    dealerInfo: 'dealerInfo',
    userId: 'userID',
    role: 'role',
    segment: 'segment',
    uat: 'UAT',
    /** Set by the login form; read and removed after login success (Login Complete). */
    loginMethod: 'loginMethod',
    pageLoadFlag: 'pageLoadFlag',
    /** The consent notice's preferences cookie (TrustArc-like, protocols.md). */
    consent: 'notice_gdpr_prefs',
    /** Set on decline with the date. */
    suppression: 'consentSuppressed',
    /** Advisor login: either vision session cookie counts. */
    visionSession: ['visionSession', 'visionSessionId'],
    /** Individual login: a participant or a session cookie plus the individual login cookie. */
    participant: 'participantId',
    session: 'investorSession',
    individualLogin: 'individualLogin',
    institutional: 'institutionalId',
    party: 'partyId',
  },
  /** Browser storage keys the page context reads or writes. */
  storage: {
    /** localStorage: the party id from the identity service (spec §7). */
    partyId: 'partyId',
    institutionalId: 'institutionalId',
    /** localStorage: the retirement-plan-insights identity token; present means logged in. */
    rpiIdentityToken: 'rpiIdentityToken',
    /** sessionStorage: a Login Complete event waiting to be pushed (spec §4). */
    pendingLoginComplete: 'tagc.pendingLoginComplete',
  },
  /** Page markup the container looks for. */
  selectors: {
    /** The dynamic hero component (not-pisces flag, spec §4). */
    dynamicHero: '[data-component="dynamic-hero"]',
  },
  /** Advisor guest access on the target-date compare page: the role cookie has this value. */
  guestRole: 'guest',
  /** Party id service path, requested on the page's own origin (spec §7). */
  partyIdPath: '/api/advisor/identity-service/identities/partyId',
  /** The targeting (A/B delivery) call on page load: 1 s timeout (spec §7, §9). */
  targeting: { timeout: 1000, version: '2.11.4' },
  reportSuites: {
    test: 'firmtest',
    development: 'firmdev',
    staging: 'firmstg',
    production: 'firmprod',
    internal: 'firminternal',
  },
  ids: {
    marketingCloudOrg: 'FIRM0000000000000000000@AdobeOrg',
    abClientCode: 'firm',
  },
  flags: {
    consentSkipQuery: { name: 'skipconsent', value: '1' },
    consentSkipGlobal: 'skipConsent',
    consentTestStorage: { key: 'consentTestMode', value: 'true' },
    abDisable: 'mboxDisable',
  },
  /** User-agent substrings (case-insensitive) of known bots and synthetic monitors. */
  botAgents: [
    'bot', 'crawler', 'spider', 'slurp', 'facebookexternalhit', 'Catchpoint', 'GomezAgent', 'Pingdom',
    'RuxitSynthetic', 'DynatraceSynthetic', 'Site24x7', 'HeadlessChrome',
  ],
  /**
   * Channel by site: the first row that matches wins. A row matches when any of its clauses
   * does; a clause matches when all of its parts do (hosts: exact host; paths: exact path;
   * prefixes: path starts with).
   */
  channels: [
    { channel: 'Entry Site', when: [{ hosts: ['www.firm.example'], paths: ['/', '/privacy/location-selector.html'] }] },
    { channel: 'Offshore Site', when: [{ prefixes: ['/offshore'] }] },
    { channel: 'Canada Sites', when: [{ prefixes: ['/ca/', '/advisor/ca/', '/individual/ca'] }] },
    { channel: 'EACG Sites', when: [{ prefixes: ['/eacg', '/apac', '/europe', '/not-listed', '/dbgipps', '/institutions'] }] },
    { channel: 'icanretire', when: [{ hosts: ['www.icanretire.example'] }] },
    { channel: 'RetirementPlanInsights', when: [{ hosts: ['www.planinsights.example'] }] },
    { channel: 'RP Sites', when: [{ hosts: ['myretirement.firm.example', 'planaccess.firm.example'] }, { prefixes: ['/retirement', '/myplan/'] }] },
    { channel: 'US sites', when: [{ prefixes: ['/us/', '/advisor', '/individual', '/institutional', '/ria', '/pcs/', '/accounts/'] }] },
    { channel: 'Other Sites', when: [{}] },
  ],
} as const;

export type SiteConfig = typeof site;
export default site;
