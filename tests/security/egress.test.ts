// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from '../../runtime/analytics/client';
import type { IdentityFields } from '../../runtime/analytics/beacon';
import { configureEgress, egressBeacon, egressFetch, egressImage, egressSource, type Refusal } from '../../runtime/core/egress';
import type { ConsentCategory } from '../../runtime/declare/types';
import type { IdentityClient } from '../../runtime/identity/client';
import { configureRedaction, REDACTED } from '../../runtime/privacy/redact';

// Security review, issue 12, "one egress point": every request passes one check at the moment it
// leaves (http(s), consent of its category, the compile-time host inventory, then redaction),
// and a refusal is logged and reported to the monitor hook.

type Win = Window & typeof globalThis;
const win = window as Win;
const grants: Record<ConsentCategory, boolean> = { analytics: true, advertising: true, performance: true };
let refused: Refusal[];
let images: string[];
let fetched: { url: string; body?: unknown }[];
const INVENTORY = {
  analytics: ['metrics.firm.example'],
  advertising: ['ad.doubleclick.net'],
  performance: ['*.tt.omtrdc.example'],
  necessary: ["'self'"],
};

beforeEach(() => {
  Object.assign(grants, { analytics: true, advertising: true, performance: true });
  refused = [];
  images = [];
  fetched = [];
  (win as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL('https://www.firm.example/us/funds.html');
  configureRedaction();
  configureEgress({ hosts: INVENTORY, allows: (c) => grants[c], refused: (r) => void refused.push(r) });
  vi.spyOn(win.HTMLImageElement.prototype, 'src', 'set').mockImplementation((v: string) => void images.push(v));
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => (fetched.push({ url, body: init?.body }), new Response('ok'))));
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the egress point', () => {
  it('lets out a request to an inventory host of its category, redacted', () => {
    expect(egressImage(win, 'analytics', 'https://metrics.firm.example/b/ss/r/1/JS/s1?AQB=1&v0=john%40gmail.com&AQE=1')).toBe(true);
    expect(images).toEqual([`https://metrics.firm.example/b/ss/r/1/JS/s1?AQB=1&v0=${encodeURIComponent(REDACTED)}&AQE=1`]);
    expect(refused).toEqual([]);
  });

  it('points a script or an iframe at an inventory host, and reports a refused one by its element', () => {
    const script = document.createElement('script');
    const frame = document.createElement('iframe');
    expect(egressSource(win, 'analytics', script, 'https://metrics.firm.example/x.js')).toBe(true);
    expect(script.src).toBe('https://metrics.firm.example/x.js');
    expect(egressSource(win, 'analytics', document.createElement('script'), 'https://evil.example/x.js')).toBe(false);
    expect(egressSource(win, 'advertising', frame, 'https://evil.example/frame.html')).toBe(false);
    expect(frame.hasAttribute('src')).toBe(false);
    expect(refused.map((r) => [r.reason, r.category, r.via])).toEqual([['host', 'analytics', 'script'], ['host', 'advertising', 'iframe']]);
  });

  it('refuses a host outside the inventory, and a listed host for another category, logging and reporting each', () => {
    expect(egressImage(win, 'analytics', 'https://evil.example/collect?x=1')).toBe(false);
    expect(egressImage(win, 'necessary', 'https://ad.doubleclick.net/ddm/activity/src=1;ord=1?')).toBe(false);
    expect(images).toEqual([]);
    expect(refused.map((r) => [r.reason, r.category, r.via])).toEqual([['host', 'analytics', 'image'], ['host', 'necessary', 'image']]);
    expect(vi.mocked(console.warn).mock.calls.map((c) => c[0])).toEqual(['[tagc] Request refused (host): analytics image to evil.example', '[tagc] Request refused (host): necessary image to ad.doubleclick.net']);
  });

  it('matches *.domain to subdomains only, and self to the page origin only', async () => {
    expect(egressBeacon(win, 'performance', 'https://mboxedge1.tt.omtrdc.example/rest/v1/delivery', '{}')).not.toBeNull();
    expect(egressBeacon(win, 'performance', 'https://tt.omtrdc.example/rest/v1/delivery', '{}')).toBeNull();
    await egressFetch(win, 'necessary', '/api/advisor/identity-service/identities/partyId', {});
    await expect(egressFetch(win, 'necessary', 'https://other.firm.example/api', {})).rejects.toThrow('request refused');
    expect(fetched.map((f) => f.url)).toEqual(['https://www.firm.example/api/advisor/identity-service/identities/partyId']);
  });

  it('checks every request to an endpoint it let out before: consent now, its host per category, the URL as the parser writes it', () => {
    const base = 'https://metrics.firm.example/b/ss/r/1/JS/s1';
    expect(egressImage(win, 'analytics', `${base}?a=1`)).toBe(true);
    grants.analytics = false;
    expect(egressImage(win, 'analytics', `${base}?a=2`)).toBe(false);
    grants.analytics = true;
    expect(egressImage(win, 'advertising', `${base}?a=3`)).toBe(false);
    expect(egressImage(win, 'analytics', `${base}?a=b c&d="<x>'&v0=john%40gmail.com`)).toBe(true);
    expect(egressImage(win, 'analytics', `${base}?a=4#top`)).toBe(true);
    expect(egressImage(win, 'analytics', 'https://metrics.firm.example/b/./ss/../x y/s2?a=5')).toBe(true);
    expect(egressImage(win, 'analytics', 'https://evil.example/collect?x=1')).toBe(false);
    expect(egressImage(win, 'analytics', 'https://evil.example/collect?x=2')).toBe(false);
    expect(images).toEqual([`${base}?a=1`, `${base}?a=b%20c&d=%22%3Cx%3E%27&v0=${encodeURIComponent(REDACTED)}`, `${base}?a=4#top`, 'https://metrics.firm.example/b/x%20y/s2?a=5']);
    expect(refused.map((r) => [r.reason, r.category])).toEqual([['consent', 'analytics'], ['host', 'advertising'], ['host', 'analytics'], ['host', 'analytics']]);
    expect(vi.mocked(console.warn).mock.calls.map((c) => c[0]).slice(-2)).toEqual(['[tagc] Request refused (host): analytics image to evil.example', '[tagc] Request refused (host): analytics image to evil.example']);
  });

  it("resolves a URL against the page unless it starts with http(s)://, as the browser would", async () => {
    // `https:path` (no slashes) is relative to a page of the same scheme: the page's address applies.
    await egressFetch(win, 'necessary', 'https:api/x?b=1', {});
    await egressFetch(win, 'necessary', ' https://www.firm.example/api/y', {});
    await egressFetch(win, 'necessary', 'https://www.firm.example/api/z', {});
    expect(fetched.map((f) => f.url)).toEqual(['https://www.firm.example/us/api/x?b=1', 'https://www.firm.example/api/y', 'https://www.firm.example/api/z']);
  });

  it('checks consent at the moment the request leaves; necessary never asks', () => {
    grants.advertising = false;
    expect(egressImage(win, 'advertising', 'https://ad.doubleclick.net/ddm/activity/src=1;ord=1?')).toBe(false);
    grants.analytics = false;
    grants.performance = false;
    expect(egressBeacon(win, 'necessary', 'https://www.firm.example/report', '{}')).not.toBeNull();
    expect(refused.map((r) => r.reason)).toEqual(['consent']);
  });

  it('refuses a hit consented when it was built but not when it leaves', () => {
    let answer: (f: IdentityFields) => void = () => undefined;
    const identity = { whenReady: (_ms: number, cb: (f: IdentityFields) => void) => void (answer = cb), fields: () => ({}) } as unknown as IdentityClient;
    createAnalytics(win).pageView({ trackingServer: 'metrics.firm.example', rsid: 'r' }, identity);
    grants.analytics = false; // the visitor declines while the hit waits for the visitor id
    answer({ mid: '1' });
    expect(images).toEqual([]);
    expect(refused.map((r) => [r.reason, r.category])).toEqual([['consent', 'analytics']]);
  });

  it('fails closed: a throwing consent check, a non-http(s) URL, and an egress never configured', () => {
    configureEgress({ hosts: null, allows: () => { throw new Error('broken'); }, refused: (r) => void refused.push(r) });
    expect(egressImage(win, 'analytics', 'https://metrics.firm.example/x')).toBe(false);
    for (const url of ['javascript:alert(1)', 'data:image/gif;base64,R0lGOD', 'blob:https://www.firm.example/1', 'ftp://x.example/']) expect(egressImage(win, 'necessary', url)).toBe(false);
    expect(refused.map((r) => r.reason)).toEqual(['consent', 'scheme', 'scheme', 'scheme', 'scheme']);
    // A URL that is not http(s) is said without its host, as text that is no URL is.
    expect(vi.mocked(console.warn).mock.calls.map((c) => c[0]).slice(-4)).toEqual(Array(4).fill('[tagc] Request refused (scheme): necessary image to an invalid or non-http(s) URL'));
    configureEgress(null);
    expect(egressImage(win, 'necessary', 'https://www.firm.example/x')).toBe(false);
    expect(images).toEqual([]);
  });

  it('redacts string bodies: JSON values and form fields', async () => {
    await egressFetch(win, 'performance', 'https://a.tt.omtrdc.example/rest/v1/delivery', { method: 'POST', body: JSON.stringify({ context: { address: { url: 'https://www.firm.example/?q=555-123-4567' } }, parameters: { userId: 'jane@firm.example' } }) });
    await egressFetch(win, 'analytics', 'https://metrics.firm.example/b/ss/r/1/JS/s1', { method: 'POST', body: 'AQB=1&v11=123-45-6789&AQE=1' });
    expect(fetched.map((f) => String(f.body))).toEqual([
      JSON.stringify({ context: { address: { url: `https://www.firm.example/?q=${encodeURIComponent(REDACTED)}` } }, parameters: { userId: REDACTED } }),
      `AQB=1&v11=${encodeURIComponent(REDACTED)}&AQE=1`,
    ]);
  });
});
