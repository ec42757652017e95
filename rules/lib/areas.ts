import { anyOf, hostIn, not, pathContains, pathEndsWith, pathEquals, pathMatches, pathStartsWith } from '../../runtime/declare';
import { site } from '../site.config';

// Every path area and named area of spec §2, once, as a named condition that rules reuse (the
// viewer shows each in plain words). The constants that data elements also need (overseas
// prefixes, region lists) are exported beside them so that a rule and a data element never
// disagree about what an area is.

/** Paths starting with these mark an overseas/EAD audience URL (spec §2). */
export const OVERSEAS_PREFIXES = ['/eacg', '/apac', '/europe', '/not-listed', '/dbgipps', '/offshore', '/institutions'] as const;

export function isOverseasPath(path: string): boolean {
  return OVERSEAS_PREFIXES.some((p) => path.startsWith(p));
}

/** Localised areas: /adviser|advisor|institutions|intermediaries/{country}/{language}; a country is two letters or middle-east. */
export const LOCALISED = /^\/(adviser|advisor|institutions|intermediaries)\/([a-z]{2}|middle-east)\/([a-z]{2})(\/|$)/;
/** The Swiss fixed-income capability page under /ch/{en|de|fr}. */
export const SWISS_FIXED_INCOME = /^\/ch\/(en|de|fr)\/.*fixed-income.*capabilit/;
/** Insights article categories (spec §2). */
export const INSIGHT_CATEGORIES = ['markets-economy', 'practice-management', 'retirement', 'portfolio-construction', 'wealth-planning', 'outlook'] as const;

/** Spec §9 country lists (two-letter site countries, lower case; Europe's ends with the personalization exclusions it shares, in their order, which gzip then finds as one repeat). */
export const REGIONS = {
  europe: ['be', 'ch', 'es', 'gb', 'fr', 'de', 'ie', 'nl', 'it', 'lu', 'cy', 'gr', 'no', 'li', 'se', 'at', 'is', 'dk', 'fi', 'pt'],
  asia: ['hk', 'sg', 'jp', 'tw'],
  australia: ['au'],
  canada: ['ca'],
} as const;
export type Region = keyof typeof REGIONS | 'us' | 'other';

// The site country and language come lower-cased (data-elements/page.ts reads them so).

/** The region of a site country: one of the spec §9 lists, us, or other. */
export function regionOf(country: string | undefined): Region {
  for (const [region, list] of Object.entries(REGIONS)) if ((list as readonly (string | undefined)[]).includes(country)) return region as Region;
  return country === 'us' ? 'us' : 'other';
}

/** Canada's languages carry the country (spec §9): en -> en-ca, fr -> fr-ca. */
export function localeOf(country: string | undefined, language: string | undefined): string | undefined {
  if (!language) return undefined;
  if (country === 'ca' && (language === 'en' || language === 'fr')) return `${language}-ca`;
  return language;
}

/** Countries excluded from the personalization (targeting) rule (spec §5). */
export const PERSONALIZATION_EXCLUDED_COUNTRIES = ['no', 'li', 'se', 'at', 'is', 'dk', 'fi', 'pt', 'ca', 'jp'] as const;

const articles = (base: string) => pathMatches(new RegExp(`^${base}/capitalideas/.+\\.html?$`));

/** Path areas used as rule conditions (spec §2). */
export const area = {
  advisor: pathStartsWith('/advisor'),
  advisorCanada: pathStartsWith('/advisor/ca/'),
  advisorJapan: pathStartsWith('/advisor/jp/ja/'),
  intermediariesJapan: pathStartsWith('/intermediaries/jp/ja/'),
  individual: pathStartsWith('/individual'),
  individualCanada: pathStartsWith('/individual/ca'),
  institutional: pathStartsWith('/institutional'),
  ria: pathStartsWith('/ria'),
  riaLoginUpgrade: pathStartsWith('/ria/insider/login-upgrade/update'),
  us: pathStartsWith('/us/'),
  pcs: pathStartsWith('/pcs/'),
  accounts: pathContains('/accounts/'),
  canada: pathStartsWith('/ca/'),
  japan: pathStartsWith('/jp/'),
  australiaEnglish: pathStartsWith('/au/en'),
  careers: pathStartsWith('/about-us/careers'),
  fundCentre: pathContains('/fund-centre'),
  search: pathEndsWith('/search.html'),
  myPlan: pathStartsWith('/myplan/'),
  retirement: pathStartsWith('/retirement'),
  landingPages: pathContains('/landing-pages/'),
  offshore: pathStartsWith('/offshore'),
  /** /adviser|advisor|institutions|intermediaries/{country}/{language}, country two letters or middle-east. */
  localised: pathMatches(LOCALISED),
  apacArticles: articles('/apac'),
  europeArticles: articles('/europe'),
  overseas: anyOf(...OVERSEAS_PREFIXES.map((p) => pathStartsWith(p))),
  /** Pages ending .htm (not .html) are the legacy pages that some rules treat differently. */
  htmPage: pathEndsWith('.htm'),
  htmlPage: pathEndsWith('.html'),
  retirementPlanHost: hostIn(site.hosts.retirementPlan),
  entryHost: hostIn([site.hosts.entry]),
} as const;

/** The rules that exclude legacy .htm pages and /accounts/ pages use this. */
export const notHtmOrAccounts = [not(area.htmPage), not(area.accounts)] as const;

/** Named areas of spec §2. */
export const named = {
  fundPages: pathContains('/investments/fund'),
  compareFunds: pathContains('comparefunds'),
  screener: pathContains('screener'),
  investmentTracker: pathContains('investmenttracker'),
  americanFunds: pathContains('americanfunds'),
  advisorInsights: pathStartsWith('/advisor/insights'),
  insightsArticles: pathContains('/insights/articles/'),
  insightsNewsletter: pathContains('/insights/newsletter.html'),
  /** An insights article in one of the six categories. */
  insightsCategory: pathMatches(new RegExp(`/insights/articles/(${INSIGHT_CATEGORIES.join('|')})/`)),
  webinars: pathContains('/webinars'),
  recessionGuide: pathContains('guide-to-recessions'),
  worldIn2030: pathContains('world-in-2030'),
  institutionalNewsletter: pathMatches(/^\/institutional\/.*newsletter/),
  institutionalInsights: pathStartsWith('/institutional/insights'),
  podcasts: pathContains('podcast'),
  targetDateProview: pathEquals('/advisor/tools/planning/target-date-proview.html'),
  targetDateCompare: pathEquals(site.paths.targetDateCompare),
  targetDateRetirementSeries: pathContains('target-date-retirement-series'),
  equities: pathContains('/equities'),
  modelPortfolios: pathContains('modelportfolios'),
  portfolioSeries: pathContains('portfolio-series'),
  globalFlex: pathContains('global-flex'),
  whatNowReviewPortfolio: pathContains('what-now-review-your-portfolio'),
  fixedIncomeCoreFunds: pathMatches(/fixed-income\/.*core-funds|core-funds.*fixed-income/),
  portfolioConstructionConsult: pathMatches(/portfolio-construction.*consult/),
  individualEtf: pathMatches(/^\/individual\/investments\/etf\//),
  historicalPrices: pathMatches(/^\/(advisor|individual|institutional)\/investments\/.*historical-prices/),
  advisorLogin: anyOf(pathEquals(site.paths.advisorLogin[0]), pathStartsWith(site.paths.advisorLogin[1])),
  clientAccountsHome: pathEquals(site.paths.clientAccountsHome),
  swissFixedIncome: pathMatches(SWISS_FIXED_INCOME),
} as const;
