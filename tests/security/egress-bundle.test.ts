import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { simulate, type SimulateResult } from '../../compiler/simulate';
import { container, removeContainer, ruleSource } from '../helpers/container';
import { realBuild } from '../helpers/real-build';

// Security review, issue 12, in built bundles run by `tagc simulate`: row "nothing is redacted:
// an email, a phone number and an SSN in the URL, referrer or link name leave in v0, v11, g, r and
// the A/B body"; and the egress point refusing a host outside the bundle's inventory.

// The container's prod bundle: this run's build (tests/setup/real-build.ts), read-only.
const out = realBuild();
let sample: string;
let unredacted: string;
beforeAll(async () => {
  // The undeclared host is computed, as code can do: the network proof cannot see it, the egress point refuses it.
  sample = container('egress', {
    'rules/send.ts': ruleSource(
      `{ id: 'send', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'report', sends: 'necessary', hosts: ["'self'"], run: (ctx) => Promise.all([ctx.runtime.send('necessary', '/collect?email=jane%40gmail.com'), ctx.runtime.send('necessary', \`https://\${['collector', 'evil', 'example'].join('.')}/x\`, { via: 'image' }).catch(() => undefined)]) }] }`,
    ),
  });
  await compile({ root: sample, envs: ['prod'] });
  // The same rule on a site that turns redaction off (privacy.redact: false); on is the default, written as nothing.
  unredacted = container('egress-unredacted', {
    'rules/site.config.ts': `export default { allowedDomains: ['firm.example', 'localhost'], privacy: { redact: false } };\n`,
    'rules/send.ts': ruleSource(`{ id: 'send', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'report', sends: 'necessary', hosts: ["'self'"], run: (ctx) => ctx.runtime.send('necessary', '/collect?email=jane%40gmail.com') }] }`),
  });
  await compile({ root: unredacted, envs: ['prod'] });
}, 180_000);
afterAll(() => {
  removeContainer(sample);
  removeContainer(unredacted);
});

const PII = ['jane.doe@gmail.com', '123-45-6789', '555-123-4567', '4111 1111 1111 1111'];
/** Every decoding of a request's URL and body ('+' as space too), so that no encoding hides a value. */
function layers(r: SimulateResult['requests'][number]): string[] {
  const out: string[] = [];
  for (let s of [r.url, r.body ?? '']) {
    for (let i = 0; i < 4; i++) {
      out.push(s, s.replace(/\+/g, ' '));
      try {
        s = decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        break;
      }
    }
  }
  return out;
}

describe('PII in what the prod bundle sends', () => {
  it('leaves no email, SSN, phone or card number in any beacon, id call or A/B delivery body', async () => {
    const r = await simulate({
      env: 'prod',
      buildDir: out,
      url: 'https://www.firm.example/us/funds.html?cid=jane.doe%40gmail.com&ref=123-45-6789&x=1',
      referrer: 'https://www.google.com/search?q=call+555-123-4567+or+pay+4111+1111+1111+1111',
      consent: 'all',
      push: [{ event: 'Page Load Started', page: { pageName: 'us > funds', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } }, { event: 'Page Load Completed' }],
      after: [{ event: 'CTA Clicked', linkInfo: { linkId: 'mail', customLinkName: 'Mail jane.doe@gmail.com or call 555-123-4567' } }],
    });
    const hosts = new Set(r.requests.map((q) => new URL(q.url).host));
    expect([...hosts]).toEqual(expect.arrayContaining(['metrics.firm.example', 'firm.tt.omtrdc.example']));
    const beacons = r.requests.filter((q) => q.url.includes('/b/ss/'));
    expect(beacons.length).toBeGreaterThanOrEqual(2);
    expect(beacons[0].params.v0).toBe('[REDACTED]');
    const leaks = r.requests.filter((q) => layers(q).some((l) => PII.some((p) => l.includes(p)))).map((q) => q.url);
    expect(leaks).toEqual([]);
    expect(r.refused).toEqual([]);
  });
});

describe('the egress point in a built bundle', () => {
  it('sends custom code to its declared host, redacted, and refuses any other host', async () => {
    const r = await simulate({ env: 'prod', buildDir: join(sample, 'build'), url: 'https://www.firm.example/', push: [{ event: 'Page Load Completed' }] });
    expect(r.requests.map((q) => q.url)).toEqual(['https://www.firm.example/collect?email=%5BREDACTED%5D']);
    expect(r.refused).toEqual([{ url: 'https://collector.evil.example/x', category: 'necessary', via: 'image', reason: 'host' }]);
    expect(r.console.map((c) => c.text)).toContain('[tagc] Request refused (host): necessary image to collector.evil.example');
  });

  it('sends values as they are where the site turns redaction off', async () => {
    const r = await simulate({ env: 'prod', buildDir: join(unredacted, 'build'), url: 'https://www.firm.example/', push: [{ event: 'Page Load Completed' }] });
    expect(r.requests.map((q) => q.url)).toEqual(['https://www.firm.example/collect?email=jane%40gmail.com']);
  });
});
