// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { parsePipePairs } from '../../../data-elements/cookies';
import { site } from '../../../rules/site.config';
import { noticeBlocked } from '../../../runtime/consent/notice';
import { userAgentHas } from '../../../runtime/core/user-agent';
import { ELEMENTS, openPage } from './context';

const URL_US = 'https://www.firm.example/us/home.html';

const FULL_STATE = {
  page: {
    pageName: 'us > home', siteAudience: 'Advisor', siteCountry: 'US', siteLanguage: 'en', siteSection1: 's1', siteSection2: 's2', siteSection3: 's3', siteSection4: 's4',
    baseURL: 'https://www.firm.example/us/home.html', channel: 'pushed channel', webPageType: 'home', navigationPath: 'nav', workfrontID: 'wf1', AAMURLCookieID: 'aam1', advisorID: 'pa1',
  },
  user: {
    partyId: 'p1', advisorId: 'a1', investorId: 'i1', investorPartyId: 'ip1', institutionalID: 'inst1', institutionalPartyId: 'instp1', visionId: 'v1', planId: 'plan1', planType: '401k',
    planICU: 'icu1', planParticipantId: 'pp1', tracSponsorId: 'ts1', toolPartyId: 'tp1', dealerCode: 'dc1', personaSegment: 'seg1', userRole: 'dlRole', userInitials: 'AB', pcsSfmcId: 'sf1', loginMethod: 'dlMethod',
  },
  userStatus: { loginMethod: 'password', siteLoginStatus: 'logged in' },
  content: { contentTitle: '  Market   outlook ', contentType: 'article', contentCategory: 'outlook', contentAction: 'read' },
  search: { numResults: 12, keyword: { searchTerm: 'growth', searchType: 'typed' } },
  onsiteSearch: { filterName: 'f', categoryFilterName: 'cf', litCenterSearchTerm: 'lit', numResults: '7', keyword: 'kw' },
  tool: { toolId: 't1', pollAnswer: 'yes', SessionSettings: 'hit', selfServiceActivityName: 'ssa', applicationFilters: 'af', settingUsed: 'su', processStepLabel: 'tl', processStepValue: 'tv', processStep: true },
  selfservice: { ActivityName: 'change address', SessionSettings: '' },
  process: { processStepLabel: 'step 1', processStepValue: 'v', settingUsed: 's' },
  survey: { surveyModuleID: 'sm', surveyUserID: 'su' },
  webinar: { contactID: 'c1' },
  download: { filename: 'a.pdf', filelitcode: 'LIT1' },
  downloads: { litCode: 'LIT2' },
  MultiMedia: { MultiMediaName: 'mm', MultiMediaType: 'video', chapterName: 'ch1', Playtime: 30 },
  video: { videoName: 'vid', videoPlaytime: 12.5, chapterClicked: 'c2', startTime: '0:10' },
  linkInfo: { linkId: 'l1', linkPosition: 'header', customLinkName: ' Buy  now ' },
  hover: { hoverLinkName: 'h' },
  social: { shareMethod: 'email' },
  navigation: { siteSwitcherName: 'sw' },
  promotion: { promoName: 'promo' },
  scroll: { pagePercentage: 50 },
  heartbeat: { '30secondspagename': 'hb' },
  formFieldError: 'email: invalid',
  subscription: { subscriptionType: 'weekly' },
  abandonment: { lasttouchfield: 'email', userinputfields: 'name|email' },
  product: [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }, { productInfo: { productID: 'BAD' }, quantity: 0 }, { productInfo: { productID: 'CWGIX' }, quantity: 2 }],
};

const EXPECTED: Record<string, unknown> = {
  dataLayerPageName: 'us > home', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en', siteSection1: 's1', siteSection2: 's2', siteSection3: 's3', siteSection4: 's4',
  baseURL: 'https://www.firm.example/us/home.html', pageChannel: 'pushed channel', webPageType: 'home', navigationPath: 'nav', workfrontID: 'wf1', AAMURLCookieID: 'aam1', pageAdvisorID: 'pa1',
  userPartyId: 'p1', userAdvisorId: 'a1', userInvestorId: 'i1', userInvestorPartyId: 'ip1', userInstitutionalID: 'inst1', userInstitutionalPartyId: 'instp1', userVisionId: 'v1', userPlanId: 'plan1',
  userPlanType: '401k', userPlanICU: 'icu1', userPlanParticipantId: 'pp1', userTracSponsorId: 'ts1', userToolPartyId: 'tp1', userDealerCode: 'dc1', userPersonaSegment: 'seg1', dataLayerUserRole: 'dlRole',
  userInitials: 'AB', userPcsSfmcId: 'sf1', userLoginMethod: 'dlMethod', userStatusLoginMethod: 'password', siteLoginStatus: 'logged in',
  contentTitle: 'Market outlook', contentType: 'article', contentCategory: 'outlook', contentAction: 'read',
  searchNumResults: 12, searchTerm: 'growth', searchType: 'typed',
  onsiteSearchFilterName: 'f', onsiteSearchCategoryFilterName: 'cf', onsiteSearchLitCenterTerm: 'lit', onsiteSearchNumResults: '7', onsiteSearchKeyword: 'kw',
  toolId: 't1', toolPollAnswer: 'yes', toolSessionSettings: 'hit', toolSelfServiceActivityName: 'ssa', toolApplicationFilters: 'af', toolSettingUsed: 'su', toolProcessStepLabel: 'tl', toolProcessStepValue: 'tv', toolProcessStep: true,
  selfserviceActivityName: 'change address', selfserviceSessionSettings: '', processStepLabel: 'step 1', processStepValue: 'v', processSettingUsed: 's',
  surveyModuleID: 'sm', surveyUserID: 'su', webinarContactID: 'c1', downloadFilename: 'a.pdf', downloadFileLitCode: 'LIT1', downloadsLitCode: 'LIT2',
  multiMediaName: 'mm', multiMediaType: 'video', multiMediaChapterName: 'ch1', multiMediaPlaytime: 30, videoName: 'vid', videoPlaytime: 12.5, videoChapterClicked: 'c2', videoStartTime: '0:10',
  linkId: 'l1', linkPosition: 'header', customLinkName: 'Buy now', hoverLinkName: 'h', socialShareMethod: 'email', siteSwitcherName: 'sw', promoName: 'promo', scrollPagePercentage: 50,
  heartbeatPageName: 'hb', formFieldError: 'email: invalid', subscriptionType: 'weekly', abandonmentLastTouchField: 'email', abandonmentUserInputFields: 'name|email',
  productList: [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }, { productInfo: { productID: 'CWGIX' }, quantity: 2 }], productIds: 'AGTHX,CWGIX',
  siteName: 'advisor:us:en', siteRegion: 'us', siteLocale: 'en', usAudience: true,
};

describe('data-layer groups (spec §3)', () => {
  it.each(Object.entries(EXPECTED))('%s', (name, value) => {
    expect(ELEMENTS[name], `element ${name} exists`).toBeDefined();
    expect(openPage({ url: URL_US, state: FULL_STATE }).scope.get(name)).toEqual(value);
  });

  it('reads nothing from an empty data layer', () => {
    const p = openPage({ url: URL_US });
    for (const name of Object.keys(EXPECTED).filter((n) => !['siteRegion', 'usAudience'].includes(n))) expect(p.scope.get(name), name).toBeUndefined();
  });

  it('keeps the two numResults apart (a number and a string)', () => {
    const p = openPage({ url: URL_US, state: FULL_STATE });
    expect(typeof p.scope.get('searchNumResults')).toBe('number');
    expect(typeof p.scope.get('onsiteSearchNumResults')).toBe('string');
  });
});

describe('derived values', () => {
  it('reads each of the 20 European countries of spec §9 as europe', () => {
    for (const country of ['at', 'be', 'ch', 'es', 'gb', 'dk', 'fr', 'de', 'ie', 'no', 'nl', 'pt', 'it', 'se', 'lu', 'fi', 'is', 'cy', 'gr', 'li']) {
      expect(openPage({ url: URL_US, state: { page: { siteCountry: country } } }).scope.get('siteRegion'), country).toBe('europe');
    }
  });

  it('builds the site name audience:country:language, keeping empty parts', () => {
    expect(openPage({ url: URL_US, state: { page: { siteAudience: 'Individual', siteCountry: 'CA', siteLanguage: 'fr' } } }).scope.get('siteName')).toBe('individual:ca:fr');
    expect(openPage({ url: URL_US, state: { page: { siteAudience: 'advisor' } } }).scope.get('siteName')).toBe('advisor::');
  });

  it.each([
    ['de', 'en', 'europe', 'en'], ['li', 'de', 'europe', 'de'], ['hk', 'en', 'asia', 'en'], ['jp', 'ja', 'asia', 'ja'], ['au', 'en', 'australia', 'en'],
    ['ca', 'en', 'canada', 'en-ca'], ['ca', 'fr', 'canada', 'fr-ca'], ['ca', 'en-ca', 'canada', 'en-ca'], ['us', 'en', 'us', 'en'], ['br', 'pt', 'other', 'pt'],
    ['', '', 'other', undefined], [7, 'en', 'other', 'en'], ['ca', 1, 'canada', undefined],
    // Upper case: page.siteCountry and page.siteLanguage are read lower-cased.
    ['GB', 'EN', 'europe', 'en'], ['CA', 'FR', 'canada', 'fr-ca'], ['US', 'En', 'us', 'en'],
  ] as [unknown, unknown, string, string | undefined][])('country %s, language %s: region %s, locale %s', (country, language, region, locale) => {
    const p = openPage({ url: URL_US, state: { page: { siteCountry: country, siteLanguage: language } } });
    expect([p.scope.get('siteRegion'), p.scope.get('siteLocale')]).toEqual([region, locale]);
  });

  it('defaults firm id and firm name', () => {
    const p = openPage({ url: URL_US });
    expect([p.scope.get('firmId'), p.scope.get('firmName')]).toEqual(['no-firm-id', 'no-firm-name']);
  });

  it('marks non-US audiences', () => {
    expect(openPage({ url: 'https://www.firm.example/eacg/home.html' }).scope.get('usAudience')).toBe(false);
    expect(openPage({ url: URL_US, state: { page: { siteCountry: 'GB' } } }).scope.get('usAudience')).toBe(false);
    expect(openPage({ url: URL_US }).scope.get('usAudience')).toBe(true);
  });
});

describe('cookies (names from site.config)', () => {
  const C = site.cookies;
  it('reads the pipe-separated profile cookie: isGenericUser, firmId, firm', () => {
    const p = openPage({ url: URL_US, cookie: `${C.userProfile}=isGenericUser%3Dtrue%7CfirmId%3DF123%7Cfirm%3DAcme%20Advisors` });
    expect([p.scope.get('isGenericUser'), p.scope.get('firmId'), p.scope.get('firmName')]).toEqual([true, 'F123', 'Acme Advisors']);
  });

  it('reads isGenericUser as true for "true", "1" or "y" in any case, and false for anything else', () => {
    const generic = (value: string) => openPage({ url: URL_US, cookie: `${C.userProfile}=isGenericUser%3D${value}` }).scope.get('isGenericUser');
    expect(['TRUE', 'True', '1', 'Y', 'y'].map(generic)).toEqual([true, true, true, true, true]);
    expect(['yes', 'truey', '11', 'n', '0', 'false'].map(generic)).toEqual([false, false, false, false, false, false]);
  });

  it('skips malformed profile pairs and keeps the first of a duplicate key', () => {
    const p = openPage({ url: URL_US, cookie: `${C.userProfile}=broken|=x|firmId=F1|firmId=F2|__proto__=polluted|isGenericUser=false` });
    expect([p.scope.get('isGenericUser'), p.scope.get('firmId'), p.scope.get('firmName')]).toEqual([false, 'F1', 'no-firm-name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves the keys that reach a prototype out of a parsed profile cookie', () => {
    const pairs = parsePipePairs('__proto__=a|constructor=b|prototype=c|firmId=F1');
    expect(Object.getPrototypeOf(pairs)).toBeNull();
    expect(Object.keys(pairs)).toEqual(['firmId']);
  });

  it('reads the dealer-info cookie as dealer&branch&rep', () => {
    const p = openPage({ url: URL_US, cookie: `${C.dealerInfo}=D100%26B20%26R3` });
    expect([p.scope.get('dealerId'), p.scope.get('dealerBranch'), p.scope.get('dealerRep'), p.scope.get('dealerInfo')]).toEqual(['D100', 'B20', 'R3', 'D100|B20|R3']);
    const partial = openPage({ url: URL_US, cookie: `${C.dealerInfo}=D100%26%26R3` });
    expect([partial.scope.get('dealerBranch'), partial.scope.get('dealerRep')]).toEqual([undefined, 'R3']);
    expect(partial.scope.get('dealerInfo')).toBe('D100||R3');
  });

  it.each([
    ['userIdCookie', C.userId], ['roleCookie', C.role], ['segmentCookie', C.segment], ['uatCookie', C.uat], ['loginMethodCookie', C.loginMethod], ['pageLoadFlagCookie', site.consent.pageLoadCookie.name],
    ['consentCookie', C.consent], ['consentSuppressionCookie', site.consent.suppressionCookie.name], ['participantCookie', C.participant], ['investorSessionCookie', C.session],
    ['individualLoginCookie', C.individualLogin], ['institutionalCookie', C.institutional], ['partyCookie', C.party],
  ])('%s reads cookie %s', (element, name) => {
    expect(openPage({ url: URL_US, cookie: `other=1; ${name}=value%201` }).scope.get(element)).toBe('value 1');
  });

  it('reads either vision session cookie', () => {
    expect(openPage({ url: URL_US, cookie: `${C.visionSession[1]}=vs2` }).scope.get('visionSessionCookie')).toBe('vs2');
    expect(openPage({ url: URL_US, cookie: `${C.visionSession[0]}=vs1; ${C.visionSession[1]}=vs2` }).scope.get('visionSessionCookie')).toBe('vs1');
  });

  it('takes the role from the cookie, else from user.userRole', () => {
    expect(openPage({ url: URL_US, cookie: `${C.role}=advisor`, state: { user: { userRole: 'dl' } } }).scope.get('userRole')).toBe('advisor');
    expect(openPage({ url: URL_US, state: { user: { userRole: 'dl' } } }).scope.get('userRole')).toBe('dl');
  });
});

describe('stored items', () => {
  it('reads party id, institutional id and the RPI identity token from local storage', () => {
    const p = openPage({ url: URL_US, local: { [site.storage.partyId]: 'P9', [site.storage.institutionalId]: 'I9', [site.storage.rpiIdentityToken]: 'tok' } });
    expect([p.scope.get('storedPartyId'), p.scope.get('storedInstitutionalId'), p.scope.get('rpiIdentityToken'), p.scope.get('partyId'), p.scope.get('institutionalId')]).toEqual(['P9', 'I9', 'tok', 'P9', 'I9']);
  });

  it('prefers the party cookie to the stored party id, and the stored one to user.partyId', () => {
    expect(openPage({ url: URL_US, cookie: `${site.cookies.party}=C1`, local: { [site.storage.partyId]: 'S1' }, state: { user: { partyId: 'D1' } } }).scope.get('partyId')).toBe('C1');
    expect(openPage({ url: URL_US, state: { user: { partyId: 'D1' } } }).scope.get('partyId')).toBe('D1');
  });
});

describe('query parameters', () => {
  const PARAMS: [string, string, 'session' | 'visitor'][] = [
    ['queryUid', 'uid', 'visitor'], ['querySfid', 'sfid', 'visitor'], ['queryAeid', 'aeid', 'visitor'], ['querySprinklrId', 'sprinklrid', 'session'], ['queryGclid', 'gclid', 'session'],
    ['queryGclsrc', 'gclsrc', 'session'], ['queryAdId', 'ad_id', 'session'], ['queryExtId', 'ext_id', 'session'], ['queryAlias', 'alias', 'session'], ['campaignId', 'cid', 'session'],
    ['queryModule', 'module', 'session'], ['queryPathways', 'pathways', 'session'],
  ];

  it.each(PARAMS)('%s reads ?%s and keeps it for the %s', (element, param, storage) => {
    expect(ELEMENTS[element]!.storage).toBe(storage);
    const first = openPage({ url: `https://www.firm.example/us/a.html?${param.toUpperCase()}=v%201` });
    expect(first.scope.get(element)).toBe('v 1');
    const area = storage === 'visitor' ? localStorage : sessionStorage;
    const kept = { ...Object.fromEntries(Object.keys(area).map((k) => [k, area.getItem(k)!])) };
    const next = openPage({ url: 'https://www.firm.example/us/b.html', ...(storage === 'visitor' ? { local: kept } : { session: kept }) });
    expect(next.scope.get(element)).toBe('v 1');
    const otherArea = openPage({ url: 'https://www.firm.example/us/b.html', ...(storage === 'visitor' ? { session: kept } : { local: kept }) });
    expect(otherArea.scope.get(element)).toBeUndefined();
  });
});

describe('notPisces', () => {
  const hero = '<div data-component="dynamic-hero"></div>';
  it.each([
    [hero, `${site.cookies.segment}=s1`, true],
    [hero, '', false],
    ['<div></div>', `${site.cookies.segment}=s1`, false],
    ['', '', false],
  ])('hero %s, cookie %s: %s', (html, cookie, expected) => {
    expect(openPage({ url: URL_US, html, cookie }).scope.get('notPisces')).toBe(expected);
  });
});

describe('framed pages and crawlers', () => {
  it('is not framed at the top level', () => {
    expect(openPage({ url: URL_US }).scope.get('framedPage')).toBe(false);
  });

  it('knows a crawler by its user agent', () => {
    const nav = window.navigator as unknown as { userAgent: string };
    const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(nav), 'userAgent');
    Object.defineProperty(nav, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    try {
      expect(openPage({ url: URL_US }).scope.get('crawlerAgent')).toBe(true);
    } finally {
      delete (nav as Partial<typeof nav>).userAgent;
      if (original) expect(openPage({ url: URL_US }).scope.get('crawlerAgent')).toBe(false);
    }
  });

  // One test (runtime/core/user-agent.ts) for the element and the consent notice: they agree on
  // every agent the requirements and docs/site-config.md name, in any case; the monitors of site.botAgents that are
  // not crawlers (Pingdom, HeadlessChrome) are neither's crawlers.
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; BINGBOT/2.0)', true],
    ['Mozilla/5.0 (compatible; Yahoo! Slurp)', true],
    ['Baiduspider+(+http://www.baidu.com/search/spider.htm)', true],
    ['SomeCrawler/1.0', true],
    ['Pingdom.com_bot_version_1.4', true],
    ['Mozilla/5.0 (compatible; Pingdom)', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36', false],
    ['', false],
  ])('crawlerAgent and the consent notice agree on "%s": %s', (agent, crawler) => {
    const nav = window.navigator as unknown as { userAgent: string };
    Object.defineProperty(nav, 'userAgent', { configurable: true, get: () => agent });
    try {
      expect(openPage({ url: URL_US }).scope.get('crawlerAgent')).toBe(crawler);
      expect(noticeBlocked(window, { hosts: [], pathPrefixes: [], crawlerAgents: site.consent.crawlerAgents }) !== null).toBe(crawler);
    } finally {
      delete (nav as Partial<typeof nav>).userAgent;
    }
  });

  it('matches a configured agent written in any case (the element lower-cased only the user agent)', () => {
    expect(userAgentHas('Mozilla/5.0 (compatible; Googlebot/2.1)', ['GoogleBot'])).toBe(true);
    expect(userAgentHas('GOMEZAGENT 3', ['GomezAgent'])).toBe(true);
    expect(userAgentHas('Mozilla/5.0 Chrome/130', ['GoogleBot', 'GomezAgent'])).toBe(false);
  });
});
