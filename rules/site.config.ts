// The one site configuration module (docs/site-config.md): every host, path and id that the
// requirements (docs/requirements.md) leave unnamed. Rules and data elements take them from here;
// a firm adopting tagc changes only this file.

// Values named in more than one section are written once here, where that costs the prod bundle
// nothing (the others, where it would, are held together by tests/container/site-config-copies).

/** The firm's own domain: the first of its domains, and the consent notice's domain id. */
const domain = 'firm.example';
/** The authoring host: its script loads there, consent is skipped there, and it is a test host. */
const authoring = 'author.firm.example';
/** The Canada sites' path prefixes: the Canada Sites channel, and the consent notice in en-ca / fr-ca. */
const canada = ['/ca/', '/advisor/ca/', '/individual/ca'] as const;
/** Retirement-plan pages: the RP Sites channel, and the consent rule that silences the notice's listener. */
const retirement = '/retirement';

export const site = {
  hosts: {
    /** "/" on it is "home > Home"; Entry Site channel. */
    entry: 'www.firm.example',
    /** The firm's own domains: internal-link filter, and the bundle's domain allow-list. */
    ownDomains: [domain, 'icanretire.example', 'planinsights.example'],
    internal: ['intranet.firm.example', 'reports.firm-internal.example'],
    dev: 'dev.firm.example',
    stg: 'stg.firm.example',
    /** Host labels that select the test reporting suite. */
    testLabels: ['uat', 'preprod', 'author', 'localhost'],
    testHosts: ['uat.firm.example', 'preprod.firm.example', authoring, 'localhost'],
    authoring,
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
  allowedDomains: [domain, 'firm-internal.example', 'icanretire.example', 'planinsights.example', 'localhost'],
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
  /**
   * PII redaction at the egress point (docs/security.md): on unless `redact: false`. Emails, US
   * SSNs, phone numbers and card numbers in any outbound value become [REDACTED]; these query
   * parameters are dropped from every URL that leaves (the page URL in `g`, the referrer, ...).
   */
  privacy: { redact: true as boolean, stripParams: ['email', 'e-mail', 'phone', 'tel', 'mobile', 'ssn', 'dob', 'password', 'pwd', 'token', 'accountNumber'] },
  /** Link schemes that count as internal links. */
  internalSchemes: ['mailto:', 'tel:', 'javascript:'],
  /**
   * Click tracking (spec §9): off by default; when on, clicks on data-ea-cta/download/exit/ui-link
   * elements, downloads and links leaving ownDomains are tracked (rules/events/click-tracking-*).
   * anchorDelay: ms a same-window link waits so that its hit leaves first (0: no delay).
   */
  clickTracking: { enabled: false as boolean, anchorDelay: 100 },
  paths: {
    portfolioAnalysis: '/portfolio-analysis/',
    clientAccountsHome: '/advisor/client-accounts/home.html',
    restrictedWebinars: '/advisor/webinars/restricted/',
    cookiePages: ['/privacy/cookie-policy.html', '/privacy/cookie-settings.html'],
    targetDateCompare: '/advisor/tools/planning/target-date-proview/compare.html',
    advisorLogin: ['/advisor/login.html', '/advisor/login/'],
    europeBlueprint: 'europe-blueprint',
    /** Canada sites (channels' Canada Sites row; the consent notice's en-ca / fr-ca). */
    canada,
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
    /** The consent notice's preferences cookie (TrustArc-like, docs/wire-formats.md). The page-load flag and
     * suppression cookies are named under `consent` (pageLoadCookie, suppressionCookie). */
    consent: 'notice_gdpr_prefs',
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
  /**
   * The targeting (A/B delivery) call on page load: 1 s timeout (spec §7, §9). Deliveries go only to
   * hosts.abEdge or a host under edgeDomains (an edge named by the mbox cookie or a response
   * elsewhere is ignored). offerScripts: offers from those hosts may run customCode (at.js
   * parity); sanitizeHtml: clean every HTML offer of handlers, srcdoc and script URLs (HTML from
   * anywhere else always is). docs/security.md.
   */
  targeting: { timeout: 1000, version: '2.11.4', edgeDomains: ['tt.omtrdc.example'], offerScripts: true as boolean, sanitizeHtml: false as boolean },
  /**
   * Consent (spec §4, §6, §9; docs/wire-formats.md). TrustArc-kind notice: level 0 required, 1
   * functional/performance (analytics and website performance), 2 advertising. Vendor id 7149
   * replaces 4122 when flags.consentTestStorage is in local storage.
   */
  consent: {
    provider: 'trustarc',
    levels: { analytics: 1, performance: 1, advertising: 2 },
    /** OneTrust-kind groups, for a site on that provider. */
    oneTrustGroups: { analytics: 'C0002', performance: 'C0003', advertising: 'C0004' },
    noticeUrl: 'https://consent.trustarc.example/notice',
    domainId: domain,
    vendorIds: { standard: '4122', test: '7149' },
    suppressionCookie: { name: 'consentSuppressed', days: 365 },
    pageLoadCookie: { name: 'consentPageLoad', seconds: 60, skippedSeconds: 1 },
    /** Path prefixes without the notice (spec §2: my-plan and ofr). */
    noNoticePaths: ['/myplan/', '/my-plan/', '/ofr/'],
    /** Search-crawler user-agent substrings (no notice). */
    crawlerAgents: ['bot', 'crawler', 'spider', 'slurp'],
    /** Retirement-plan pages whose consent rule silences the notice's click listener for 13 s. */
    retirementPlanPrefix: retirement,
  },
  /** External scripts (spec §7), one URL per environment where it differs. */
  scripts: {
    tags: 'https://tags.firm.example/launch/tags.min.js',
    geoCountry: 'https://geo.firm.example/country.js',
    themes: 'https://www.firm.example/etc/themes/theme.min.js',
    monitoring: 'https://rum.monitoring.example/browser-rum.js',
    monitoringConfig: { applicationId: 'firm-web', clientToken: 'pub-firm-web', site: 'monitoring.example', service: 'firm-web', sessionSampleRate: 100, sessionReplaySampleRate: 0, defaultPrivacyLevel: 'mask' },
    coBrowse: {
      prod: 'https://cobrowse.firm.example/cobrowse/CobrowseJS.ashx?group=24324&site=production',
      stg: 'https://cobrowse.firm.example/cobrowse/CobrowseJS.ashx?group=24325&site=staging',
      dev: 'https://cobrowse.firm.example/cobrowse/CobrowseJS.ashx?group=24326&site=development',
    },
    authoring: 'https://author.firm.example/etc/clientlibs/authoring.js',
    validation: 'https://qa.firm.example/validation/hosted.js',
  },
  /** The analytics QA extension (spec §5, §7): its service host and the property it reports for. */
  qa: { host: 'qa.firm.example', propertyId: 'PR-firm-web' },
  /** Advertising and social pixels (spec §1, §7). */
  pixels: {
    activityHost: 'ad.doubleclick.net',
    advertiser: '8765432',
    activities: { pageView: { type: 'firm0', cat: 'pagev0' }, fundAdded: { type: 'firm0', cat: 'fundad0' }, newsletter: { type: 'firm0', cat: 'newsl0' } },
    linkedIn: { url: 'https://px.ads.linkedin.example/collect/', partnerId: '123456' },
    meta: { url: 'https://www.facebook.example/tr', pixelId: '987654321' },
  },
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
   * pathPrefixes: path starts with; the consent notice's word for the same, a name bundles without
   * debugging shorten). The last row matches every page: the channel element takes it as its fallback.
   */
  channels: [
    { channel: 'Entry Site', when: [{ hosts: ['www.firm.example'], paths: ['/', '/privacy/location-selector.html'] }] },
    { channel: 'Offshore Site', when: [{ pathPrefixes: ['/offshore'] }] },
    { channel: 'Canada Sites', when: [{ pathPrefixes: canada }] },
    { channel: 'EACG Sites', when: [{ pathPrefixes: ['/eacg', '/apac', '/europe', '/not-listed', '/dbgipps', '/institutions'] }] },
    { channel: 'icanretire', when: [{ hosts: ['www.icanretire.example'] }] },
    { channel: 'RetirementPlanInsights', when: [{ hosts: ['www.planinsights.example'] }] },
    { channel: 'RP Sites', when: [{ hosts: ['myretirement.firm.example', 'planaccess.firm.example'] }, { pathPrefixes: [retirement, '/myplan/'] }] },
    { channel: 'US sites', when: [{ pathPrefixes: ['/us/', '/advisor', '/individual', '/institutional', '/ria', '/pcs/', '/accounts/'] }] },
    { channel: 'Other Sites', when: [{}] },
  ],
} as const;

export type SiteConfig = typeof site;
export default site;
