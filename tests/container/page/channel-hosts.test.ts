import { describe, expect, it } from 'vitest';
import { site } from '../../../rules/site.config';
import { selectChannel } from '../../../data-elements/site-context';

// The channel table names hosts that site.hosts also names. Writing each once (consts shared by
// both) cost prod 20 B of gzip -9, so the two are held together here instead: a pull request that
// changes a host under site.hosts and leaves its channel row on the old host fails this test.
const rowHosts = (channel: string) => site.channels.find((row) => row.channel === channel)!.when.flatMap((clause) => ('hosts' in clause ? [clause.hosts] : []));

describe('the channel table and site.hosts', () => {
  it('name only hosts that site.hosts names, and every site host a row is for', () => {
    const siteHosts = new Set(Object.values(site.hosts).flat());
    const tableHosts = site.channels.flatMap((row) => row.when.flatMap((clause) => ('hosts' in clause ? [...clause.hosts] : [])));
    expect(tableHosts.filter((host) => !siteHosts.has(host))).toEqual([]);
    expect(rowHosts('Entry Site')).toEqual([[site.hosts.entry]]);
    expect(rowHosts('icanretire')).toEqual([[site.hosts.icanretire]]);
    expect(rowHosts('RetirementPlanInsights')).toEqual([[site.hosts.planInsights]]);
    expect(rowHosts('RP Sites')).toEqual([[...site.hosts.retirementPlan]]);
  });

  // The hosts of the spec and the tests (tests/container/page/urls.test.ts, tests/scenarios/hosts.ts), by their site.hosts name.
  it.each([
    [site.hosts.entry, '/', 'Entry Site'],
    [site.hosts.entry, '/privacy/location-selector.html', 'Entry Site'],
    [site.hosts.entry, '/us/home.html', 'US sites'],
    [site.hosts.entry, '/retirement/plans.html', 'RP Sites'],
    [site.hosts.icanretire, '/', 'icanretire'],
    [site.hosts.icanretire, '/retirement/calc.html', 'icanretire'],
    [site.hosts.planInsights, '/insights/', 'RetirementPlanInsights'],
    [site.hosts.retirementPlan[0], '/', 'RP Sites'],
    [site.hosts.retirementPlan[1], '/myplan/home.html', 'RP Sites'],
    [site.hosts.dev, '/', 'Other Sites'],
    [site.hosts.internal[0], '/advisor/home.html', 'US sites'],
  ])('https://%s%s is in the %s channel', (hostname, pathname, channel) => {
    expect(selectChannel({ hostname, pathname })).toBe(channel);
  });
});
