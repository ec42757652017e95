// @vitest-environment happy-dom
import { createAnalytics, IDENTITY_WAIT } from '../../../runtime/analytics/client';
import { onSend } from '../../../runtime/analytics/sent';
import type { IdentityFields } from '../../../runtime/analytics/beacon';
import type { IdentityClient } from '../../../runtime/identity/client';
import { decodeQuery } from './decode';
import { openEgress } from '../../helpers/egress';

type Win = Window & typeof globalThis;
const win = window as Win;
const target = { trackingServer: 'metrics.firm.example', rsid: 'firmtest' };

/** An identity client whose answer the test controls. */
function fakeIdentity(): IdentityClient & { resolve(f: IdentityFields): void } {
  let waiting: { cb: (f: IdentityFields) => void; timer: ReturnType<typeof setTimeout> }[] = [];
  let done: IdentityFields | null = null;
  return {
    resolve(f) {
      done = f;
      for (const w of waiting) {
        clearTimeout(w.timer);
        w.cb(f);
      }
      waiting = [];
    },
    whenReady(maxWait, cb) {
      if (done) return cb(done);
      const entry = { cb, timer: setTimeout(() => cb({ mid: 'PROVISIONAL' }), maxWait) };
      waiting.push(entry);
    },
    fields: (p) => done ?? (p ? { mid: 'PROVISIONAL' } : {}),
  } as IdentityClient & { resolve(f: IdentityFields): void };
}

let sent: string[];
let beacons: string[];
beforeEach(() => {
  openEgress();
  vi.useFakeTimers();
  sent = [];
  beacons = [];
  vi.spyOn(win.HTMLImageElement.prototype, 'src', 'set').mockImplementation((v: string) => void sent.push(v));
  Object.defineProperty(win.navigator, 'sendBeacon', { configurable: true, value: (u: string) => (beacons.push(u), true) });
  Object.defineProperty(win.document, 'visibilityState', { configurable: true, get: () => 'visible' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (win.document as unknown as Record<string, unknown>).visibilityState;
});
const params = (url: string) => decodeQuery(url).params;

describe('analytics tracker', () => {
  it('sends a page view with the variables set, then clearVars keeps only the page-level ones', () => {
    const a = createAnalytics(win);
    a.set({ pageName: 'home', eVar22: 'x', v23: 'wire-name', prop1: '' });
    a.pageView(target, null);
    expect(sent).toHaveLength(1);
    expect(params(sent[0])).toMatchObject({ pageName: 'home', v22: 'x', v23: 'wire-name' });
    a.clear();
    expect(a.vars()).toEqual({ pageName: 'home' });
  });

  it('clearVars empties props, eVars, lists, events, products, channel, campaign and purchaseID only', () => {
    const a = createAnalytics(win);
    a.set({ pageName: 'p', server: 's', currencyCode: 'EUR', contextData: { a: 1 }, eVar1: 1, prop1: 1, list1: 'x', events: 'event1', products: ';A', channel: 'c', campaign: 'k', purchaseID: 'P' });
    a.clear();
    expect(a.vars()).toEqual({ pageName: 'p', server: 's', currencyCode: 'EUR', contextData: { a: 1 } });
  });

  it('a hit keeps the variables it was built with when they are cleared after it', () => {
    const a = createAnalytics(win);
    a.set({ pageName: 'p', eVar1: 'a' });
    a.link(target, null, { name: 'CTA', type: 'o' });
    a.clear();
    a.pageView(target, null);
    expect(params(sent[0])).toMatchObject({ v1: 'a' });
    expect(params(sent[1]).v1).toBeUndefined();
    expect(params(sent[1])).toMatchObject({ pageName: 'p' });
  });

  it('setting an empty value removes the variable', () => {
    const a = createAnalytics(win);
    a.set({ eVar1: 'a' });
    a.set({ eVar1: '' });
    expect(a.vars()).toEqual({});
  });

  it('sends referrer and technology fields with the first hit of the page only', () => {
    Object.defineProperty(win.document, 'referrer', { configurable: true, get: () => 'https://search.example/' });
    const a = createAnalytics(win);
    a.pageView(target, null);
    a.link(target, null, { name: 'CTA', type: 'o' });
    expect(params(sent[0])).toMatchObject({ r: 'https://search.example/', j: '1.6', k: 'Y' });
    expect(params(sent[0]).s).toMatch(/^(\d+x\d+|error)$/);
    expect(params(sent[1]).r).toBeUndefined();
    expect(params(sent[1]).s).toBeUndefined();
    delete (win.document as unknown as Record<string, unknown>).referrer;
  });

  it('reports an unreadable fingerprint field as "error"', () => {
    vi.spyOn(win.screen, 'colorDepth', 'get').mockImplementation(() => {
      throw new Error('blocked');
    });
    createAnalytics(win).pageView(target, null);
    expect(params(sent[0]).c).toBe('error');
  });

  it('waits for the visitor id and sends it as mid', () => {
    const id = fakeIdentity();
    const a = createAnalytics(win);
    a.pageView(target, id);
    expect(sent).toHaveLength(0);
    id.resolve({ mid: '12345', mcorgid: 'ORG' });
    expect(sent).toHaveLength(1);
    expect(params(sent[0])).toMatchObject({ mid: '12345', mcorgid: 'ORG' });
  });

  it('a hanging identity service holds hits for IDENTITY_WAIT ms only, then they go with a provisional id', () => {
    const id = fakeIdentity();
    const a = createAnalytics(win);
    a.pageView(target, id);
    vi.advanceTimersByTime(IDENTITY_WAIT - 1);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(params(sent[0]).mid).toBe('PROVISIONAL');
  });

  it('sends each hit once: not again when the id comes after the wait, nor when the page is hidden after it left', () => {
    const id = fakeIdentity();
    const a = createAnalytics(win);
    a.pageView(target, id);
    a.link(target, null, { name: 'No id', type: 'o' });
    vi.advanceTimersByTime(IDENTITY_WAIT);
    id.resolve({ mid: '1' });
    win.dispatchEvent(new Event('pagehide'));
    expect(sent.map((u) => [params(u).mid, params(u).pev2])).toEqual([[undefined, 'No id'], ['PROVISIONAL', undefined]]);
    expect(beacons).toEqual([]);
  });

  it('keeps the order of variables per hit even when the id comes later (vars are captured at the action)', () => {
    const id = fakeIdentity();
    const a = createAnalytics(win);
    a.set({ eVar1: 'first' });
    a.pageView(target, id);
    a.clear();
    a.set({ eVar1: 'second' });
    a.link(target, id, { name: 'L', type: 'o' });
    id.resolve({ mid: '1' });
    expect(sent.map((u) => params(u).v1)).toEqual(['first', 'second']);
  });

  it('sends exit links with sendBeacon', () => {
    createAnalytics(win).link(target, null, { name: 'Leave', url: 'https://other.example/', type: 'e' });
    expect(sent).toHaveLength(0);
    expect(beacons).toHaveLength(1);
    expect(params(beacons[0])).toMatchObject({ pe: 'lnk_e', pev1: 'https://other.example/', pev2: 'Leave' });
  });

  it('flushes waiting hits with sendBeacon when the page is hidden, and sends later hits by beacon', () => {
    const id = fakeIdentity();
    const a = createAnalytics(win);
    a.pageView(target, id);
    Object.defineProperty(win.document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    win.document.dispatchEvent(new Event('visibilitychange'));
    expect(beacons).toHaveLength(1);
    expect(params(beacons[0]).mid).toBe('PROVISIONAL');
    a.link(target, id, { name: 'Late', type: 'o' });
    expect(beacons).toHaveLength(2);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(IDENTITY_WAIT);
    expect(beacons).toHaveLength(2); // nothing is sent twice
  });

  it('a waiting hit flushed as the page is hidden carries the fields of the identity it was queued with', () => {
    const a = createAnalytics(win);
    a.pageView(target, { ...fakeIdentity(), fields: () => ({ mid: 'A' }) });
    a.link(target, { ...fakeIdentity(), fields: () => ({ mid: 'B' }) }, { name: 'L', type: 'o' });
    win.dispatchEvent(new Event('pagehide'));
    expect(beacons.map((u) => params(u).mid)).toEqual(['A', 'B']);
  });

  it('pagehide counts as leaving; pageshow (back/forward cache) returns to images', () => {
    const a = createAnalytics(win);
    win.dispatchEvent(new Event('pagehide'));
    a.link(target, null, { name: 'A', type: 'o' });
    win.dispatchEvent(new Event('pageshow'));
    a.link(target, null, { name: 'B', type: 'o' });
    expect(beacons.map((u) => params(u).pev2)).toEqual(['A']);
    expect(sent.map((u) => params(u).pev2)).toEqual(['B']);
  });

  it('lets listeners see every hit', () => {
    const a = createAnalytics(win);
    const seen: string[] = [];
    onSend(a, (h) => seen.push(h.transport));
    a.pageView(target, null);
    a.link(target, null, { name: 'x', type: 'e' });
    expect(seen).toEqual(['image', 'beacon']);
  });
});
