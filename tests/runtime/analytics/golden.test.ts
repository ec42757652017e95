// @vitest-environment happy-dom
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';
import { rule, de, dataLayerValue } from '../../../runtime/declare';
import type { DataElement, Rule } from '../../../runtime/declare/types';
import { analyticsEvent, pageView } from '../../../rules/lib/analytics';
import { reportSuite } from '../../../data-elements/report-suite';
import { analyticsAborted, isBotAgent, trackPage } from '../../../data-elements/analytics';
import { dataLayerPageName as pageName, siteSection1 } from '../../../data-elements/page';
import { timestamp } from '../../../runtime/analytics/beacon';
import { decodeQuery } from './decode';
import { grantAllConsent } from '../../helpers/egress';

// Golden beacons: a recorded data layer in, the exact decoded parameters out.

type Win = Window & typeof globalThis & { happyDOM: { setURL(url: string): void } };
const win = window as Win;
const MID = '61794315425683745813796539875063201498';
const ORG = 'FIRM0000000000000000000@AdobeOrg';
const NOW = new Date(2026, 2, 2, 14, 30, 5);

const elements = {
  reportSuite,
  analyticsAborted,
  isBotAgent,
  trackPage,
  pageName,
  siteSection1,
  products: dataLayerValue('productList'),
  linkName: dataLayerValue('linkInfo.customLinkName'),
} as unknown as Record<string, DataElement>;

// Granted consent: the beacons leave through the egress point, which checks analytics consent.
const rules = [
  grantAllConsent(),
  rule({ id: 'page-view', description: 'x', events: ['Page Load Completed' as never], actions: [pageView({ pageName: de('pageName'), channel: 'US sites', prop1: de('siteSection1'), eVar22: de('pageName') })] }),
  rule({ id: 'cta', description: 'x', events: ['CTA Clicked' as never], actions: [analyticsEvent({ linkName: de('linkName' as never), events: ['event61'], vars: { eVar22: de('pageName') } })] }),
  rule({ id: 'fund-added', description: 'x', events: ['Fund Additions' as never], actions: [analyticsEvent({ linkName: 'Fund Added', events: ['scAdd', 'event5=2.5'], vars: { products: de('products' as never), contextData: { 'fund.tool': 'screener' } } })] }),
] as unknown as Rule[];

const RECORDED = [
  { event: 'Page Load Started', page: { pageName: 'us > funds > growth', siteSection1: 'funds' } },
  { event: 'Page Load Completed' },
  { event: 'CTA Clicked', linkInfo: { linkId: 'hero', customLinkName: 'Open an account' } },
  { event: 'Fund Additions', tool: { toolId: 'screener' }, productList: [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }, { productInfo: { productID: 'AMCPX' }, quantity: 2 }] },
];

/** resetWindow() clears host cookies; the identity cookies live on the site domain. */
function reset(): void {
  resetWindow();
  for (const name of win.document.cookie.split(';').map((c) => c.split('=')[0].trim())) {
    if (name) win.document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.firm.example`;
  }
}

let images: string[];
beforeEach(() => {
  reset();
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  win.happyDOM.setURL('https://www.firm.example/us/funds/growth.html');
  images = [];
  vi.spyOn(win.HTMLImageElement.prototype, 'src', 'set').mockImplementation((v: string) => void images.push(v));
  win.fetch = (() => Promise.resolve(new Response(JSON.stringify({ d_mid: MID, dcs_region: 7, d_blob: 'BLOB', id_sync_ttl: 604800 }), { status: 200 }))) as typeof fetch;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  restoreConsole();
  delete (win as unknown as Record<string, unknown>).Visitor;
});

const technology = (p: Record<string, string>) => {
  const { s, c, j, v, k, bw, bh, ...rest } = p;
  return { tech: { s, c, j, v, k, bw, bh }, rest };
};

describe('golden beacons', () => {
  it('page view, CTA link hit and a product link hit from a recorded data layer', async () => {
    boot(rules, elements);
    for (const entry of RECORDED) window.appEventData.push(entry);
    await vi.advanceTimersByTimeAsync(0);
    expect(images).toHaveLength(3);
    for (const url of images) expect(url).toMatch(/^https:\/\/metrics\.firm\.example\/b\/ss\/firmprod\/1\/JS-2\.27\.0\/s\d+\?AQB=1&ndh=1&t=/);

    const [view, cta, fund] = images.map((u) => decodeQuery(u));
    const { tech, rest } = technology(view.params);
    expect(tech).toMatchObject({ j: '1.6', v: 'N', k: 'Y' });
    expect(rest).toEqual({
      AQB: '1',
      ndh: '1',
      t: timestamp(NOW),
      mid: MID,
      aamlh: '7',
      pageName: 'us > funds > growth',
      g: 'https://www.firm.example/us/funds/growth.html',
      cc: 'USD',
      ch: 'US sites',
      aamb: 'BLOB',
      mcorgid: ORG,
      c1: 'funds',
      v22: 'us > funds > growth',
      AQE: '1',
    });
    expect(cta.params).toEqual({
      AQB: '1',
      ndh: '1',
      t: timestamp(NOW),
      mid: MID,
      aamlh: '7',
      g: 'https://www.firm.example/us/funds/growth.html',
      cc: 'USD',
      events: 'event61',
      mcorgid: ORG,
      v22: 'us > funds > growth',
      pe: 'lnk_o',
      pev2: 'Open an account',
      AQE: '1',
    });
    expect(fund.params).toEqual({
      AQB: '1',
      ndh: '1',
      t: timestamp(NOW),
      mid: MID,
      aamlh: '7',
      g: 'https://www.firm.example/us/funds/growth.html',
      cc: 'USD',
      events: 'scAdd,event5=2.5',
      products: ';AGTHX;1,;AMCPX;2',
      mcorgid: ORG,
      pe: 'lnk_o',
      pev2: 'Fund Added',
      AQE: '1',
    });
    expect(fund.contextData).toEqual({ 'fund.tool': 'screener' });
    expect(cta.contextData).toEqual({});
  });

  it('sends nothing for a bot, and nothing when tracking is off outside individual/investments', async () => {
    Object.defineProperty(win.navigator, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    boot(rules, elements);
    for (const entry of RECORDED) window.appEventData.push(entry);
    await vi.advanceTimersByTimeAsync(2000);
    expect(images).toEqual([]);
    delete (win.navigator as unknown as Record<string, unknown>).userAgent;

    reset();
    (win as unknown as Record<string, unknown>).trackPage = false;
    boot(rules, elements);
    window.appEventData.push(RECORDED[0], RECORDED[1]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(images).toEqual([]);

    reset();
    win.happyDOM.setURL('https://www.firm.example/us/individual/investments/fund.html');
    boot(rules, elements);
    window.appEventData.push(RECORDED[0], RECORDED[1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(images).toHaveLength(1);
    delete (win as unknown as Record<string, unknown>).trackPage;
  });

  it('a failing identity service leaves page views flowing, with a local id', async () => {
    win.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    boot(rules, elements);
    window.appEventData.push(RECORDED[0], RECORDED[1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(images).toHaveLength(1);
    expect(decodeQuery(images[0]).params.mid).toMatch(/^\d{38}$/);
  });

  it('a hanging identity service does not hold the rule queue, and hits follow within 1 s', async () => {
    win.fetch = (() => new Promise(() => {})) as typeof fetch;
    const booted = boot(rules, elements);
    window.appEventData.push(...RECORDED);
    expect(booted.fired.filter((f) => !f.startsWith('grant-all-consent'))).toEqual(['page-view@Page Load Completed', 'cta@CTA Clicked', 'fund-added@Fund Additions']);
    expect(images).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(images).toHaveLength(3);
    const mids = images.map((u) => decodeQuery(u).params.mid);
    expect(new Set(mids).size).toBe(1);
    expect(mids[0]).toMatch(/^\d{38}$/);
  });

  it('a failing report-suite reading is a located action failure, not a crash', async () => {
    const bad = [rule({ id: 'no-suite', description: 'x', events: ['Page Load Completed' as never], actions: [pageView({})] })] as unknown as Rule[];
    const booted = boot(bad, { ...elements, reportSuite: dataLayerValue('nothing') } as unknown as Record<string, DataElement>);
    window.appEventData.push({ event: 'Page Load Completed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(booted.errors).toContain('[tagc] Failed to execute "analyticsPageView" for "no-suite" rule: no reporting suite');
    expect(images).toEqual([]);
  });
});
