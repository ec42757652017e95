import { describe, expect, it } from 'vitest';
import coBrowse from '../../rules/scripts/co-browse';
import { site } from '../../rules/site.config';

// Facts rules/site.config.ts writes in more than one section. Those that a const above the site
// object can carry at no cost to the prod bundle are written once there; these others are not: a
// shared const costs prod bytes ('/myplan/': +8 B of gzip -9), and a value built from another
// (a host in a URL's template, a list spread into another) keeps swc from taking the site object
// apart (+1.2 KB). So each is held to its other copy here: changing one alone fails.
// (The channel table's hosts: page/channel-hosts.test.ts.)

const hostOf = (url: string) => new URL(url).hostname;
const row = (channel: string) => site.channels.find((r) => r.channel === channel)!.when;

describe('the facts site.config.ts writes twice', () => {
  it('loads each script from the host named for it', () => {
    expect(hostOf(site.scripts.authoring)).toBe(site.hosts.authoring);
    expect(hostOf(site.scripts.themes)).toBe(site.hosts.entry);
    expect(hostOf(site.scripts.validation)).toBe(site.qa.host);
    const coBrowse = Object.values(site.scripts.coBrowse).map(hostOf);
    expect(coBrowse.map(() => coBrowse[0])).toEqual(coBrowse);
  });

  it("names in the co-browse rule's description each environment's group, as its URL has it", () => {
    const groups = Object.entries(site.scripts.coBrowse).map(([env, url]) => `${new URL(url).searchParams.get('group')} ${env}`);
    expect(coBrowse.description).toContain(`(group ${groups.join(', ')})`);
  });

  it('names each test host by a test label, in order', () => {
    expect(site.hosts.testHosts.map((host) => host.split('.')[0])).toEqual([...site.hosts.testLabels]);
  });

  it("gives the RP Sites channel the consent rules' retirement-plan paths", () => {
    const prefixes = row('RP Sites').flatMap((clause) => ('pathPrefixes' in clause ? [...clause.pathPrefixes] : []));
    expect(prefixes).toEqual([site.consent.retirementPlanPrefix, site.consent.noNoticePaths[0]]);
  });

  it("counts the consent notice's crawlers among the bot agents", () => {
    expect(site.botAgents).toEqual(expect.arrayContaining([...site.consent.crawlerAgents]));
  });

  it("runs on every domain of the firm's own, and the firm's hosts are under them", () => {
    expect(site.allowedDomains).toEqual(expect.arrayContaining([...site.hosts.ownDomains]));
    const h = site.hosts;
    const firmHosts = [h.entry, ...h.internal, h.dev, h.stg, ...h.testHosts, h.authoring, h.longTermSupport, ...h.retirementPlan, h.icanretire, h.planInsights, h.trackingServer, h.schemaService, site.qa.host];
    const scriptHosts = [site.scripts.tags, site.scripts.geoCountry, site.scripts.themes, ...Object.values(site.scripts.coBrowse), site.scripts.authoring, site.scripts.validation].map(hostOf);
    const allowed = (host: string) => site.allowedDomains.some((domain) => host === domain || host.endsWith(`.${domain}`));
    expect([...firmHosts, ...scriptHosts].filter((host) => !allowed(host))).toEqual([]);
  });
});
