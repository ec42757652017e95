import { defineGlobals, environments } from '../environments';
import { median } from './stats';

// The cost of PII redaction per beacon (runtime/privacy/redact.ts), in Node: redacting a typical
// link hit's URL (25 variables, the page URL inside `g`, events, products, context data) with
// nothing to find and with an email, a phone number and a card in it; and an A/B delivery body.
// The peer in the same run is building that beacon (what the analytics client does per hit).
// Median of many runs; figures, never thresholds. Then hostile values (long runs before an @,
// digits without end) at two lengths: linear patterns take 4x as long for 4x the length.

const RUNS = 3000;

function timeEach(run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    run();
    times.push((performance.now() - t0) * 1000);
  }
  return Math.round(median(times) * 10) / 10;
}

/** Hostile values of about `n` characters that hold no PII: each is a worst case of one pattern. */
const hostileValues = (n: number) => ['a'.repeat(n) + '@x', '1'.repeat(n), `${'1 '.repeat(n / 2)}x`, `${'%25'.repeat(n / 3)}40`, `${'a.'.repeat(n / 2)}@b`];

/** Microseconds to redact every hostile value of about `n` characters as text and inside a URL (median of a few). */
function hostileMicros(n: number, redactText: (s: string) => string, redactUrl: (s: string) => string): number {
  const values = hostileValues(n);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    for (const v of values) {
      redactText(v);
      redactUrl(`https://www.shop.example/?v=${v}`);
    }
    times.push((performance.now() - t0) * 1000);
  }
  return Math.round(median(times));
}

export async function benchRedaction(): Promise<Record<string, number>> {
  // Runtime modules read the build-time constants; outside a bundle they get prod's values.
  defineGlobals(environments.prod);
  const { buildBeaconUrl, buildQuery } = await import('../../runtime/analytics/beacon');
  const { configureRedaction, redactBody, redactText, redactUrl } = await import('../../runtime/privacy/redact');
  configureRedaction({ strip: ['email', 'token'] });

  const page = 'https://www.shop.example/us/funds/growth-fund.html?cid=spring&utm_source=newsletter';
  const vars: Record<string, unknown> = { pageName: 'us > funds > growth fund', channel: 'US sites', events: ['event61', 'event5=2.5', 'scAdd'] };
  for (let i = 1; i <= 20; i++) vars[`eVar${i}`] = `value ${i} for the analytics variable`;
  for (let i = 1; i <= 5; i++) vars[`prop${i}`] = `prop ${i}`;
  vars.products = [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }];
  vars.contextData = { 'fund.tool': 'screener', 'page.type': 'fund' };
  const identity = { mid: '61794315425683745813796539875063201498', mcorgid: 'FIRM0000000000000000000@AdobeOrg' };
  const target = { trackingServer: 'metrics.shop.example', rsid: 'shopprod' };
  const hit = (pageUrl: string, v: Record<string, unknown>) => ({ vars: v, now: new Date(), pageUrl, link: { name: 'Open an account', type: 'o' as const } });
  const clean = buildBeaconUrl(target, buildQuery(hit(page, vars), identity));
  const dirty = buildBeaconUrl(target, buildQuery(hit(`${page}&email=jane%40gmail.com&ref=call+555-123-4567`, { ...vars, eVar11: 'jane@gmail.com', eVar12: '4111 1111 1111 1111' }), identity));
  const body = JSON.stringify({ requestId: 'a'.repeat(32), context: { channel: 'web', address: { url: page, referringUrl: 'https://www.google.com/' }, screen: { width: 1280, height: 800 }, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0' }, execute: { pageLoad: { parameters: { userId: 'u1', firmId: 'F1', dealerInfo: 'D&B&R' } } } });

  const build = timeEach(() => buildBeaconUrl(target, buildQuery(hit(page, vars), identity)));
  const redactClean = timeEach(() => redactUrl(clean));
  const redactDirty = timeEach(() => redactUrl(dirty));
  const redactDelivery = timeEach(() => redactBody(body));
  const hostile16k = hostileMicros(16_384, redactText, redactUrl);
  const hostile64k = hostileMicros(65_536, redactText, redactUrl);
  return {
    buildBeaconMicros: build,
    redactBeaconMicros: redactClean,
    redactBeaconWithPiiMicros: redactDirty,
    redactDeliveryBodyMicros: redactDelivery,
    redactToBuildRatio: Math.round((redactClean / build) * 100) / 100,
    beaconBytes: clean.length,
    hostile16kMicros: hostile16k,
    hostile64kMicros: hostile64k,
    // 4 when linear in the length, 16 when quadratic.
    hostileGrowth: Math.round((hostile64k / hostile16k) * 100) / 100,
  };
}
