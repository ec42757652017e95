import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { site } from '../../../rules/site.config';
import { selectChannel } from '../../../data-elements/site-context';

// The channel table's hosts are site.hosts' own (rules/site.config.ts writes each once), so a firm
// that changes a host changes its channel's too.

const source = readFileSync(new URL('../../../rules/site.config.ts', import.meta.url), 'utf8');
const rowHosts = (channel: string) => site.channels.find((row) => row.channel === channel)!.when.flatMap((clause) => ('hosts' in clause ? [clause.hosts] : []));

describe('the channel table and site.hosts', () => {
  it('share one list of hosts', () => {
    expect(rowHosts('Entry Site')).toEqual([[site.hosts.entry]]);
    expect(rowHosts('icanretire')).toEqual([[site.hosts.icanretire]]);
    expect(rowHosts('RetirementPlanInsights')).toEqual([[site.hosts.planInsights]]);
    expect(rowHosts('RP Sites')[0]).toBe(site.hosts.retirementPlan);
    for (const host of [site.hosts.entry, site.hosts.icanretire, site.hosts.planInsights, ...site.hosts.retirementPlan]) {
      expect(source.split(`'${host}'`).length - 1, host).toBe(1);
    }
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
