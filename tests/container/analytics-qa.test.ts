import { describe, expect, it } from 'vitest';
import { simulate } from '../../compiler/simulate';
import { site } from '../../rules/site.config';
import { realBuild } from '../helpers/real-build';

// The QA extension runs in the validating bundles only, behind analytics consent, and the
// container's own beacons pass its checks.

const out = realBuild();

const run = (env: string, consent: string) =>
  simulate({
    env,
    url: 'https://www.firm.example/us/funds.html',
    consent,
    push: [{ event: 'Page Load Started', page: { pageName: 'us > funds', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } }, { event: 'Page Load Completed' }],
    after: [{ event: 'CTA Clicked', linkInfo: { linkId: 'a', customLinkName: 'b' } }, { event: 'Fund Additions', tool: { toolId: 't' }, product: [{ quantity: 2, productInfo: { productID: 'F1' } }] }],
    buildDir: out,
  });
const qa = (r: Awaited<ReturnType<typeof simulate>>) => r.requests.filter((q) => q.url.startsWith(`https://${site.qa.host}/`));

describe('the analytics QA extension', () => {
  it('loads its configuration in dev and finds nothing wrong with the container beacons', async () => {
    const r = await run('dev', 'all');
    expect(qa(r).map((q) => new URL(q.url).pathname)).toContain('/config');
    expect(qa(r).filter((q) => q.url.includes('/property-validations'))).toEqual([]);
    expect(r.requests.filter((q) => q.url.includes('/b/ss/')).length).toBeGreaterThanOrEqual(2);
    expect(r.console.filter((c) => c.text.includes('Analytics QA:'))).toEqual([]);
  });

  it('is absent from prod and waits for analytics consent', async () => {
    expect(qa(await run('prod', 'all'))).toEqual([]);
    expect(qa(await run('dev', 'advertising'))).toEqual([]);
  });
});
