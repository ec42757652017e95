// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTargetClient, type TargetConfig } from '../../runtime/target/client';
import { FLICKER_STYLE_ID } from '../../runtime/target/constants';
import { allowedEdge } from '../../runtime/target/edge';
import { sanitizedHtml } from '../../runtime/target/safe-content';
import { openEgress } from '../helpers/egress';

// Security review, issue 12: the A/B trust boundary. Rows "the edge entry of the mbox cookie is
// used as the delivery host unchecked; a response's edgeHost is stored the same way", "an offer
// from that host runs script (customCode gets the nonce; HTML handlers and srcdoc; javascript:
// URLs in setAttribute and redirect; setStyle fetches url())", and the low rows "the anti-flicker
// style has no nonce" and "one null offer option drops every valid offer after it".

const EDGE = 'firm.tt.omtrdc.example';
const config: TargetConfig = { edgeHost: EDGE, edgeDomains: ['tt.omtrdc.example'], clientCode: 'firm', disable: 'mboxDisable' };
const win = () => window as unknown as Window & typeof globalThis;
const exp = () => Math.floor(Date.now() / 1000) + 600;
let calls: { url: string; body: Record<string, unknown> }[];
let respond: () => unknown;
let events: { type: string; message?: string }[];
const TYPES = ['at-content-rendering-failed', 'at-content-rendering-succeeded', 'at-content-rendering-redirect'];
const record = (e: Event) => events.push({ type: e.type, message: (e as CustomEvent<{ message?: string }>).detail.message });

beforeEach(() => {
  openEgress();
  calls = [];
  events = [];
  respond = () => ({});
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  document.head.innerHTML = '';
  document.body.innerHTML = '<h1 id="hero">Old</h1><a id="link" href="/a">a</a><div id="box"></div>';
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(respond()), { status: 200 });
  }));
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
  TYPES.forEach((t) => document.addEventListener(t, record));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  TYPES.forEach((t) => document.removeEventListener(t, record));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hostOf = (url: string) => new URL(url).host;
const offers = (...options: unknown[]) => ({ execute: { pageLoad: { options } } });
const failures = () => events.filter((e) => e.type === 'at-content-rendering-failed').map((e) => e.message);

describe('delivery hosts come only from the allowed edge domains', () => {
  it.each([
    ['another host', 'evil.example'],
    ['a host with a path', 'evil.example/steal?x='],
    ['an allowed host with a path', `${EDGE}/../steal`],
    ['a host with a port', 'evil.example:8443'],
    ['a look-alike domain', 'tt.omtrdc.example.evil.example'],
    ['user info', `user@${EDGE}`],
  ])('ignores %s in the mbox cookie', async (_what, edge) => {
    document.cookie = `mbox=${encodeURIComponent(`session#s1#${exp()}|edge#${edge}#${exp()}`)}; path=/`;
    await createTargetClient(win(), config).pageLoad({}, 1000);
    expect(calls.map((c) => hostOf(c.url))).toEqual([EDGE]);
    expect(new URL(calls[0].url).pathname).toBe('/rest/v1/delivery');
  });

  it('uses an edge host of an allowed domain named by the cookie', async () => {
    document.cookie = `mbox=${encodeURIComponent(`session#s1#${exp()}|edge#mboxedge35.tt.omtrdc.example#${exp()}`)}; path=/`;
    await createTargetClient(win(), config).pageLoad({}, 1000);
    expect(calls.map((c) => hostOf(c.url))).toEqual(['mboxedge35.tt.omtrdc.example']);
  });

  it('stores a response edgeHost only when it is allowed, and sends later calls there', async () => {
    respond = () => ({ edgeHost: 'evil.example' });
    const client = createTargetClient(win(), config);
    await client.api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'a' }] } } });
    await client.api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'a' }] } } });
    expect(calls.map((c) => hostOf(c.url))).toEqual([EDGE, EDGE]);
    expect(decodeURIComponent(document.cookie)).not.toContain('evil.example');
    respond = () => ({ edgeHost: 'mboxedge12.tt.omtrdc.example' });
    await client.api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'a' }] } } });
    await client.api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'a' }] } } });
    expect(calls.map((c) => hostOf(c.url))).toEqual([EDGE, EDGE, EDGE, 'mboxedge12.tt.omtrdc.example']);
  });

  it('accepts only bare host names of the edge host or under an allowed domain', () => {
    expect(allowedEdge(EDGE, EDGE)).toBe(true);
    expect(allowedEdge('a.tt.omtrdc.example', EDGE, ['tt.omtrdc.example'])).toBe(true);
    for (const bad of ['a.tt.omtrdc.example', 'evil.example', `${EDGE}.evil.example`, `${EDGE}:443`, `${EDGE}/x`, '', 42, null, 'http://' + EDGE]) expect(allowedEdge(bad, EDGE)).toBe(false);
  });
});

describe('what an offer may run', () => {
  const customCode = { type: 'actions', content: [{ type: 'customCode', content: 'window.__offerRan = 1' }] };
  // The nonce as the element's attribute, as the anti-flicker style carries it (CSP reads either; Chromium runs such a script under script-src 'nonce-…').
  const scriptsInHead = () => [...document.head.querySelectorAll('script')].map((s) => [s.textContent, s.getAttribute('nonce')]);

  it('runs customCode from a delivered offer only when the site allows offer scripts, with the nonce', async () => {
    respond = () => offers(customCode);
    await createTargetClient(win(), config, 'n0nce').pageLoad({}, 1000);
    expect(scriptsInHead()).toEqual([]);
    expect(failures()).toEqual(['customCode is not allowed for this offer']);
    respond = () => offers(customCode);
    await createTargetClient(win(), { ...config, offerScripts: true }, 'n0nce').pageLoad({}, 1000);
    expect(scriptsInHead()).toEqual([['window.__offerRan = 1', 'n0nce']]);
  });

  it('never runs customCode of an offer the page hands in, even with offer scripts allowed', async () => {
    await createTargetClient(win(), { ...config, offerScripts: true }, 'n0nce').api.applyOffer({ offer: [customCode] });
    expect(scriptsInHead()).toEqual([]);
    expect(failures()).toEqual(['customCode is not allowed for this offer']);
  });

  it('cleans handlers, srcdoc and script URLs out of HTML that may not run script', async () => {
    respond = () => offers({ type: 'html', content: '<p id="promo" onclick="steal()">Promo <img src="x" onerror="steal()"><a href="javascript:steal()">go</a><a href="/ok">ok</a></p><iframe srcdoc="<script>steal()</script>"></iframe><script>steal()</script><svg><a xlink:href="javascript:steal()"><text>t</text></a><animate attributeName="href" to="javascript:steal()"/></svg>' });
    await createTargetClient(win(), config).pageLoad({}, 1000);
    const html = document.body.innerHTML;
    expect(document.getElementById('promo')?.textContent).toBe('Promo gook');
    expect(html).not.toMatch(/onclick|onerror|javascript:|srcdoc|<iframe|<script|<animate/i);
    expect(document.querySelector('a[href="/ok"]')).not.toBeNull();
  });

  it('cleans HTML of offers from an allowed host too when the site asks', async () => {
    respond = () => offers({ type: 'actions', content: [{ type: 'setHtml', selector: '#box', content: '<b onmouseover="steal()">x</b>' }] });
    await createTargetClient(win(), { ...config, offerScripts: true, sanitizeHtml: true }).pageLoad({}, 1000);
    expect(document.getElementById('box')!.innerHTML).toBe('<b>x</b>');
  });

  it('refuses javascript: URLs and handlers in setAttribute, setImageSource and redirect, and url() in setStyle, each alone', async () => {
    respond = () =>
      offers({
        type: 'actions',
        content: [
          { type: 'setAttribute', selector: '#link', content: { href: 'javascript:steal()' } },
          { type: 'setAttribute', selector: '#link', content: { onclick: 'steal()' } },
          { type: 'setAttribute', selector: '#link', content: { href: ' JavaScript:steal()' } },
          { type: 'setImageSource', selector: '#hero', content: 'data:text/html,<script>steal()</script>' },
          { type: 'setStyle', selector: '#hero', content: { background: 'url(https://evil.example/track)' } },
          { type: 'redirect', content: 'javascript:steal()' },
          { type: 'setAttribute', selector: '#link', content: { href: 'https://www.firm.example/b', title: 'B' } },
        ],
      });
    await createTargetClient(win(), { ...config, offerScripts: true }).pageLoad({}, 1000);
    expect(failures()).toEqual([
      'Action has an unsafe attribute: href',
      'Action has an unsafe attribute: onclick',
      'Action has an unsafe attribute: href',
      'Action has an unsafe url: only http(s) is allowed',
      'Action has an unsafe style: background',
      'Action has an unsafe url: only http(s) is allowed',
    ]);
    expect(document.getElementById('link')!.getAttribute('href')).toBe('https://www.firm.example/b');
    expect(document.getElementById('link')!.hasAttribute('onclick')).toBe(false);
    expect(document.getElementById('hero')!.style.background).toBe('');
    expect(events.some((e) => e.type === 'at-content-rendering-redirect')).toBe(false);
  });

  it('keeps the text of cleaned markup and drops elements that fetch on their own', () => {
    const fragment = sanitizedHtml(document, '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css"><style>@import url(https://evil.example/y.css)</style><img srcset="https://www.firm.example/a.png 1x, javascript:steal() 2x"><span style="background:url(https://evil.example/z)">kept</span>');
    const box = document.getElementById('box')!;
    box.append(fragment);
    expect(box.innerHTML).toBe('<img><span>kept</span>');
  });
});

describe('small findings', () => {
  it('gives the anti-flicker style the page nonce', () => {
    respond = () => new Promise(() => undefined);
    void createTargetClient(win(), config, 'n0nce').pageLoad({}, 1000);
    expect(document.getElementById(FLICKER_STYLE_ID)?.getAttribute('nonce')).toBe('n0nce');
  });

  it('skips a bad offer option alone and renders the valid ones after it', async () => {
    respond = () => offers(null, 'junk', { type: 'actions', content: [null, { type: 'setText', selector: '#hero', content: 'New' }] }, { type: 'html', content: '<p id="after">after</p>' });
    await createTargetClient(win(), config).pageLoad({}, 1000);
    expect(document.getElementById('hero')!.textContent).toBe('New');
    expect(document.getElementById('after')).not.toBeNull();
    expect(failures()).toEqual(['Unexpected error: invalid offer action', 'Unexpected error: invalid offer action', 'Unexpected error: invalid offer action']);
  });
});
