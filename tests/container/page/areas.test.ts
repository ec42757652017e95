// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { area, named, notHtmOrAccounts } from '../../../rules/lib/areas';
import { openPage } from './context';

// Every path area and named area of spec §2: a path inside and a path outside each.

const at = (path: string) => openPage({ url: `https://www.firm.example${path}` });

const AREAS: [keyof typeof area, string, string][] = [
  ['advisor', '/advisor/home.html', '/us/advisor.html'],
  ['advisorCanada', '/advisor/ca/en/home.html', '/advisor/cat.html'],
  ['advisorJapan', '/advisor/jp/ja/home.html', '/advisor/jp/en/home.html'],
  ['intermediariesJapan', '/intermediaries/jp/ja/x.html', '/intermediaries/jp/en/x.html'],
  ['individual', '/individual/home.html', '/us/individual.html'],
  ['individualCanada', '/individual/ca/fr/x.html', '/individual/us/x.html'],
  ['institutional', '/institutional/x.html', '/institutions/x.html'],
  ['ria', '/ria/x.html', '/advisor/ria.html'],
  ['riaLoginUpgrade', '/ria/insider/login-upgrade/update.html', '/ria/insider/login-upgrade/start.html'],
  ['us', '/us/x.html', '/usa/x.html'],
  ['pcs', '/pcs/x.html', '/pcsx/x.html'],
  ['accounts', '/advisor/accounts/x.html', '/advisor/account.html'],
  ['canada', '/ca/en/x.html', '/cat/x.html'],
  ['japan', '/jp/ja/x.html', '/jpx/x.html'],
  ['australiaEnglish', '/au/en/x.html', '/au/fr/x.html'],
  ['careers', '/about-us/careers/jobs.html', '/about-us/team.html'],
  ['fundCentre', '/europe/fund-centre/x.html', '/europe/funds.html'],
  ['search', '/advisor/search.html', '/advisor/search-tips.html'],
  ['myPlan', '/myplan/home.html', '/myplans.html'],
  ['retirement', '/retirement/x.html', '/advisor/retirement/x.html'],
  ['landingPages', '/advisor/landing-pages/x.html', '/advisor/landing.html'],
  ['offshore', '/offshore/x.html', '/us/offshore.html'],
  ['localised', '/intermediaries/middle-east/en/x.html', '/intermediaries/middle-east/english/x.html'],
  ['apacArticles', '/apac/capitalideas/article-1.html', '/apac/capitalideas/'],
  ['europeArticles', '/europe/capitalideas/a.htm', '/europe/insights/a.html'],
  ['overseas', '/dbgipps/x.html', '/us/eacg.html'],
  ['htmPage', '/legacy/page.htm', '/legacy/page.html'],
  ['htmlPage', '/legacy/page.html', '/legacy/page.htm'],
];

describe('path areas (spec §2)', () => {
  it.each(AREAS)('%s: %s inside, %s outside', (name, inside, outside) => {
    expect(at(inside).test(area[name])).toBe(true);
    expect(at(outside).test(area[name])).toBe(false);
  });

  it.each([
    ['/adviser/gb/en/home.html', true], ['/advisor/de/de/x.html', true], ['/institutions/middle-east/ar/x.html', true], ['/intermediaries/sg/en', true],
    ['/adviser/gbr/en/x.html', false], ['/brokers/gb/en/x.html', false], ['/advisor/gb/eng/x.html', false],
  ])('localised %s: %s', (path, expected) => {
    expect(at(path).test(area.localised)).toBe(expected);
  });

  it('retirement-plan hosts and the entry host', () => {
    expect(openPage({ url: 'https://planaccess.firm.example/x.html' }).test(area.retirementPlanHost)).toBe(true);
    expect(at('/x.html').test(area.retirementPlanHost)).toBe(false);
    expect(at('/').test(area.entryHost)).toBe(true);
    expect(openPage({ url: 'https://dev.firm.example/' }).test(area.entryHost)).toBe(false);
  });

  it('notHtmOrAccounts excludes .htm and /accounts/ pages only', () => {
    const holds = (path: string) => notHtmOrAccounts.every((c) => at(path).test(c));
    expect([holds('/advisor/x.html'), holds('/advisor/x.htm'), holds('/advisor/accounts/x.html')]).toEqual([true, false, false]);
  });
});

const NAMED: [keyof typeof named, string, string][] = [
  ['fundPages', '/individual/investments/fund/agthx.html', '/individual/investments/etf/x.html'],
  ['compareFunds', '/advisor/tools/comparefunds.html', '/advisor/tools/compare.html'],
  ['screener', '/advisor/screener.html', '/advisor/screen.html'],
  ['investmentTracker', '/advisor/investmenttracker.html', '/advisor/tracker.html'],
  ['americanFunds', '/americanfunds/x.html', '/funds/x.html'],
  ['advisorInsights', '/advisor/insights/x.html', '/individual/insights/x.html'],
  ['insightsArticles', '/individual/insights/articles/x.html', '/individual/insights/x.html'],
  ['insightsNewsletter', '/advisor/insights/newsletter.html', '/advisor/insights/newsletters.html'],
  ['insightsCategory', '/advisor/insights/articles/wealth-planning/x.html', '/advisor/insights/articles/sports/x.html'],
  ['webinars', '/advisor/webinars/x.html', '/advisor/seminars/x.html'],
  ['recessionGuide', '/advisor/ebook/guide-to-recessions.html', '/advisor/ebook/guide.html'],
  ['worldIn2030', '/advisor/world-in-2030.html', '/advisor/world.html'],
  ['institutionalNewsletter', '/institutional/insights/newsletter.html', '/advisor/newsletter.html'],
  ['institutionalInsights', '/institutional/insights/x.html', '/institutional/x.html'],
  ['podcasts', '/advisor/podcasts/ep1.html', '/advisor/videos/ep1.html'],
  ['targetDateProview', '/advisor/tools/planning/target-date-proview.html', '/advisor/tools/planning/target-date-proview/compare.html'],
  ['targetDateCompare', '/advisor/tools/planning/target-date-proview/compare.html', '/advisor/tools/planning/target-date-proview.html'],
  ['targetDateRetirementSeries', '/advisor/target-date-retirement-series.html', '/advisor/target-date.html'],
  ['equities', '/advisor/equities/x.html', '/advisor/equity.html'],
  ['modelPortfolios', '/advisor/modelportfolios.html', '/advisor/models.html'],
  ['portfolioSeries', '/advisor/portfolio-series.html', '/advisor/portfolio.html'],
  ['globalFlex', '/advisor/global-flex.html', '/advisor/global.html'],
  ['whatNowReviewPortfolio', '/advisor/what-now-review-your-portfolio.html', '/advisor/what-now.html'],
  ['fixedIncomeCoreFunds', '/advisor/fixed-income/core-funds.html', '/advisor/fixed-income/x.html'],
  ['portfolioConstructionConsult', '/advisor/portfolio-construction/consult.html', '/advisor/portfolio-construction/x.html'],
  ['individualEtf', '/individual/investments/etf/x.html', '/advisor/investments/etf/x.html'],
  ['historicalPrices', '/institutional/investments/fund/historical-prices.html', '/us/investments/historical-prices.html'],
  ['advisorLogin', '/advisor/login/sso.html', '/advisor/logout.html'],
  ['clientAccountsHome', '/advisor/client-accounts/home.html', '/advisor/client-accounts/list.html'],
  ['swissFixedIncome', '/ch/de/fixed-income-capabilities.html', '/ch/it/fixed-income-capabilities.html'],
];

describe('named areas (spec §2)', () => {
  it.each(NAMED)('%s: %s inside, %s outside', (name, inside, outside) => {
    expect(at(inside).test(named[name])).toBe(true);
    expect(at(outside).test(named[name])).toBe(false);
  });

  it('the advisor login area is both /advisor/login.html and below /advisor/login/', () => {
    expect(at('/advisor/login.html').test(named.advisorLogin)).toBe(true);
  });

  it('historical prices under advisor, individual and institutional investments', () => {
    for (const a of ['advisor', 'individual', 'institutional']) expect(at(`/${a}/investments/x/historical-prices.html`).test(named.historicalPrices)).toBe(true);
  });
});
