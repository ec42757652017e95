import { describe, expect, it } from 'vitest';
import { simulate } from '../../../compiler/simulate';
import { site } from '../../../rules/site.config';
import { realBuild } from '../../helpers/real-build';

// Spec §4, §6: the identity opt-in follows analytics consent, so a visitor who has not consented,
// or declines, gets no id call, no identity cookie and no sync.

const out = realBuild();

const AMCV = `AMCV_${site.ids.marketingCloudOrg}`;
const run = (consent: string, consentEvent?: string) =>
  simulate({ env: 'prod', url: 'https://www.firm.example/us/funds.html', consent, consentEvent, push: [{ event: 'Page Load Completed' }], buildDir: out });
const idCalls = (r: Awaited<ReturnType<typeof simulate>>) => r.requests.filter((q) => q.url.startsWith(`https://${site.hosts.identity}/`));

describe('identity opt-in', () => {
  it('is approved with analytics consent: id call and identity cookie', async () => {
    const r = await run('all');
    expect(r.fired.some((f) => f.rule === 'identity-opt-in')).toBe(true);
    expect(idCalls(r).length).toBeGreaterThan(0);
    expect(r.cookies[AMCV]).toMatch(/MCMID\|/);
  });

  it('makes no id call and writes no identity cookie without analytics consent', async () => {
    const r = await run('advertising,performance');
    expect(idCalls(r)).toEqual([]);
    expect(r.cookies[AMCV]).toBeUndefined();
  });

  it('is denied when the visitor declines after load: the identity cookie goes', async () => {
    const r = await run('all', 'declined');
    // Given at start and again once the window has loaded (spec §4), then declined.
    expect(r.fired.filter((f) => f.rule === 'identity-opt-in').map((f) => f.event)).toEqual(['consent:given', 'consent:given', 'consent:declined']);
    expect(r.cookies[AMCV]).toBeUndefined();
  });
});
