// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { site } from '../../../rules/site.config';
import { selectReportSuite } from '../../../data-elements/report-suite';
import { openPage } from './context';

// Page name, channel, overseas flag and reporting suite for URLs on every page host of docs/site-config.md.
// DL means "the data layer's page.pageName" (the spec's "otherwise").

const DL = 'dl > Pushed Name';
const S = site.reportSuites;
type Row = [url: string, pageName: string, channel: string, overseas: boolean, suite: string];

const ROWS: Row[] = [
  // entry host
  ['https://www.firm.example/', 'home > Home', 'Entry Site', false, S.production],
  // A host is read as location.hostname gives it: lower case, as the URL parser writes every host.
  ['https://WWW.Firm.Example/', 'home > Home', 'Entry Site', false, S.production],
  ['https://www.firm.example/about-us.html', 'about-us > About Us', 'Other Sites', false, S.production],
  ['https://www.firm.example/accessibility-statement.html', 'accessibility-statement > Accessibility Statement', 'Other Sites', false, S.production],
  ['https://www.firm.example/client-relationship-summary.html', 'client-relationship-summary > Client Relationship Summary', 'Other Sites', false, S.production],
  ['https://www.firm.example/privacy/location-selector.html', 'privacy > location-selector > Location Selector', 'Entry Site', false, S.production],
  ['https://www.firm.example/about-us/careers.html', 'about-us > careers > Careers', 'Other Sites', false, S.production],
  ['https://www.firm.example/europe/not-listed/en/home.html', 'not-listed > en > home > Home', 'EACG Sites', true, S.production],
  ['https://www.firm.example/not-listed/funds.html', 'not-listed > funds > Funds', 'EACG Sites', true, S.production],
  ['https://www.firm.example/ch/en/home/about-us/team.html', 'home > about-us > team > Team', 'Other Sites', false, S.production],
  ['https://www.firm.example/individual/investments/fund/agthx.html', 'individual > investments > fund > agthx > Agthx', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/portfolio-resources/portfolio-analyzer/create-presentation.html', 'portfolio-resources > portfolio-analyzer > create-presentation > Create Presentation', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/manage', 'advisor > manage > Manage > page 1', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/manage?page=3', 'advisor > manage > Manage > page 3', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/manage?page=-2', 'advisor > manage > Manage > page 1', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/manage.html?page=2', 'advisor > manage > Manage > page 2', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/manage/', 'advisor > manage > Manage > page 1', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/faqs', 'advisor > faqs > FAQs', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/insights/articles/markets-economy/outlook.html', 'advisor > insights > articles > markets-economy > outlook > Outlook', 'US sites', false, S.production],
  ['https://www.firm.example/advisor', 'advisor > Advisor', 'US sites', false, S.production],
  ['https://www.firm.example/advisor/jp/ja/home.html', 'advisor > jp > ja > home > Home', 'US sites', false, S.production],
  ['https://www.firm.example/us/funds.html', DL, 'US sites', false, S.production],
  ['https://www.firm.example/us/advisor-tools.html', DL, 'US sites', false, S.production],
  ['https://www.firm.example/ria/insider/login-upgrade/update.html', DL, 'US sites', false, S.production],
  ['https://www.firm.example/ria/home.html', DL, 'US sites', false, S.production],
  ['https://www.firm.example/institutional/insights.html', DL, 'US sites', false, S.production],
  ['https://www.firm.example/pcs/home.html', DL, 'US sites', false, S.production],
  ['https://www.firm.example/accounts/summary.html', DL, 'US sites', false, S.production],
  ['https://www.firm.example/ca/en/home.html', DL, 'Canada Sites', false, S.production],
  ['https://www.firm.example/ca/advisor/en/home.html', 'advisor > en > home > Home', 'Canada Sites', false, S.production],
  ['https://www.firm.example/advisor/ca/en/funds.html', 'advisor > ca > en > funds > Funds', 'Canada Sites', false, S.production],
  ['https://www.firm.example/individual/ca/fr/accueil.html', DL, 'Canada Sites', false, S.production],
  ['https://www.firm.example/offshore', DL, 'Offshore Site', true, S.production],
  ['https://www.firm.example/offshore/en/funds.html', DL, 'Offshore Site', true, S.production],
  ['https://www.firm.example/eacg/en/home.html', DL, 'EACG Sites', true, S.production],
  ['https://www.firm.example/apac/capitalideas/article.html', DL, 'EACG Sites', true, S.production],
  ['https://www.firm.example/europe/capitalideas/x.html', DL, 'EACG Sites', true, S.production],
  ['https://www.firm.example/dbgipps/home.html', DL, 'EACG Sites', true, S.production],
  ['https://www.firm.example/institutions/gb/en/home.html', DL, 'EACG Sites', true, S.production],
  ['https://www.firm.example/intermediaries/jp/ja/home.html', DL, 'Other Sites', false, S.production],
  ['https://www.firm.example/retirement/plans.html', DL, 'RP Sites', false, S.production],
  ['https://www.firm.example/myplan/home.html', DL, 'RP Sites', false, S.production],
  ['https://www.firm.example/jp/ja/home.html', DL, 'Other Sites', false, S.production],
  ['https://www.firm.example/au/en/home.html', DL, 'Other Sites', false, S.production],
  ['https://www.firm.example/fund-centre/x.html', DL, 'Other Sites', false, S.production],
  ['https://www.firm.example/search.html', DL, 'Other Sites', false, S.production],
  ['https://www.firm.example/landing-pages/x.html', DL, 'Other Sites', false, S.production],
  ['https://www.firm.example/portfolio-analysis/run.html', DL, 'Other Sites', false, S.internal],
  ['https://www.firm.example/europe-blueprint/home.html', DL, 'EACG Sites', true, S.test],
  // other firm.example hosts
  ['https://firm.example/', DL, 'Other Sites', false, S.production],
  ['https://metrics.firm.example/', DL, 'Other Sites', false, S.production],
  ['https://schemas.firm.example/schemas/x.json', DL, 'Other Sites', false, S.production],
  ['https://lts.firm.example/us/home.html', DL, 'US sites', false, S.production],
  // internal hosts
  ['https://intranet.firm.example/', DL, 'Other Sites', false, S.internal],
  ['https://intranet.firm.example/advisor/tools.html', 'advisor > tools > Tools', 'US sites', false, S.internal],
  ['https://reports.firm-internal.example/dashboards/a.html', DL, 'Other Sites', false, S.internal],
  // development, staging, test-label hosts
  ['https://dev.firm.example/', DL, 'Other Sites', false, S.development],
  ['https://dev.firm.example/advisor/home.html', 'advisor > home > Home', 'US sites', false, S.development],
  ['https://stg.firm.example/ca/en/home.html', DL, 'Canada Sites', false, S.staging],
  ['https://stg.firm.example/eacg/home.html', DL, 'EACG Sites', true, S.staging],
  ['https://uat.firm.example/us/home.html', DL, 'US sites', false, S.test],
  ['https://preprod.firm.example/individual/home.html', DL, 'US sites', false, S.test],
  ['https://author.firm.example/content/x.html', DL, 'Other Sites', false, S.test],
  ['http://localhost/advisor/faqs', 'advisor > faqs > FAQs', 'US sites', false, S.test],
  ['http://localhost:8080/', DL, 'Other Sites', false, S.test],
  // retirement-plan hosts
  ['https://myretirement.firm.example/', DL, 'RP Sites', false, S.production],
  ['https://myretirement.firm.example/ofr/start.html', DL, 'RP Sites', false, S.production],
  ['https://planaccess.firm.example/myplan/home.html', DL, 'RP Sites', false, S.production],
  // icanretire and Retirement Plan Insights
  ['https://www.icanretire.example/', DL, 'icanretire', false, S.production],
  ['https://www.icanretire.example/retirement/calc.html', DL, 'icanretire', false, S.production],
  ['https://www.planinsights.example/', DL, 'RetirementPlanInsights', false, S.production],
  ['https://www.planinsights.example/advisor/insights.html', 'advisor > insights > Insights', 'RetirementPlanInsights', false, S.production],
];

describe('page name, channel, overseas flag and reporting suite by URL', () => {
  it('covers at least 60 URLs and every page host of docs/site-config.md', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
    const hosts = new Set(ROWS.map(([u]) => new URL(u).hostname));
    const pageHosts = [site.hosts.entry, ...site.hosts.internal, site.hosts.dev, site.hosts.stg, ...site.hosts.testHosts, site.hosts.longTermSupport, ...site.hosts.retirementPlan, site.hosts.icanretire, site.hosts.planInsights, site.hosts.trackingServer, site.hosts.schemaService];
    for (const h of pageHosts) expect(hosts, h).toContain(h);
  });

  it.each(ROWS)('%s', (url, name, channel, overseas, suite) => {
    const p = openPage({ url, state: { page: { pageName: DL } } });
    expect({ pageName: p.scope.get('pageName'), channel: p.scope.get('channel'), overseas: p.scope.get('overseasAudience'), suite: p.scope.get('reportSuite') }).toEqual({
      pageName: name,
      channel,
      overseas,
      suite,
    });
  });
});

describe('pageName without a data-layer name', () => {
  it('falls back to the name built from the path', () => {
    expect(openPage({ url: 'https://www.firm.example/us/funds/growth-fund.html' }).scope.get('pageName')).toBe('us > funds > growth-fund > Growth Fund');
    expect(openPage({ url: 'https://dev.firm.example/' }).scope.get('pageName')).toBe('home > Home');
  });

  it('keeps the data-layer name cleaned of extra white space', () => {
    expect(openPage({ url: 'https://www.firm.example/us/x.html', state: { page: { pageName: '  us >   x  ' } } }).scope.get('pageName')).toBe('us > x');
  });

  it('survives a path with a bad percent escape', () => {
    expect(openPage({ url: 'https://www.firm.example/about-us/%E0%A4%A.html' }).scope.get('pageName')).toBe('about-us > %e0%a4%a > %e0%a4%a');
  });
});

describe('reporting suite', () => {
  it('counts a locally opened file as production', () => {
    expect(selectReportSuite({ protocol: 'file:', hostname: '', pathname: '/C:/site/index.html' })).toBe(S.production);
  });
});
