// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTargetClient } from '../../../runtime/target/client';
import { loadTargeting } from '../../../runtime/actions/targeting-page-load';
import { deliver, TargetError } from '../../../runtime/target/delivery';
import { formatMboxCookie, parseMboxCookie } from '../../../runtime/target/mbox-cookie';
import { deliveryProblem, mboxProblem, viewNameProblem } from '../../../runtime/target/options';
import { messageText, type Msg } from '../../../runtime/core/messages';
import { FLICKER_STYLE_ID } from '../../../runtime/target/constants';
import { openEgress } from '../../helpers/egress';

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[];
let answer: () => Promise<Response | { status: number; ok: boolean; text: () => Promise<string> }>;
let events: { type: string; detail: Record<string, unknown> }[];
const beacons: { url: string; body: string }[] = [];
const config = { edgeHost: 'firm.tt.omtrdc.example', clientCode: 'firm', disable: 'mboxDisable' };
const win = () => window as unknown as Window & typeof globalThis;
const TYPES = ['at-request-start', 'at-request-succeeded', 'at-request-failed', 'at-content-rendering-start', 'at-content-rendering-succeeded', 'at-content-rendering-failed', 'at-content-rendering-no-offers'];
const record = (e: Event) => events.push({ type: e.type, detail: (e as CustomEvent).detail });

beforeEach(() => {
  openEgress();
  calls = [];
  events = [];
  beacons.length = 0;
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  document.body.innerHTML = '<h1 id="hero">Old</h1><ul id="list"><li>a</li><li>b</li><li>c</li></ul><img id="img">';
  history.replaceState(null, '', '/us/home.html');
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return answer();
  }));
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (url: string, body: string) => beacons.push({ url, body }) > 0 });
  TYPES.forEach((t) => document.addEventListener(t, record));
});
afterEach(() => {
  TYPES.forEach((t) => document.removeEventListener(t, record));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const json = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status });

describe('window.adobe.target', () => {
  it("is installed when the page has none, with at.js's names: the brand, VERSION and the six page methods, in that order", () => {
    answer = json({});
    const host = window as unknown as { adobe?: { target?: Record<string, unknown> } };
    const services = new Map<string, unknown>();
    const service = (name: string, make: (...args: unknown[]) => unknown, ...args: unknown[]) => (services.has(name) ? services.get(name) : services.set(name, make(...args)).get(name));
    const action = loadTargeting({ ...config, edgeDomains: [], offerScripts: false, version: '2.11.4', timeout: 1000, parameters: {} });
    action.run({ runtime: { win: win(), service }, value: (v: unknown) => v } as never);
    const target = host.adobe?.target ?? {};
    delete host.adobe;
    expect(Object.keys(target)).toEqual(['__tagc', 'VERSION', 'getOffer', 'applyOffer', 'getOffers', 'applyOffers', 'trackEvent', 'triggerView']);
    expect([target.__tagc, target.VERSION]).toEqual([true, '2.11.4']);
    expect(Object.values(target).slice(2).map((f) => typeof f)).toEqual(Array(6).fill('function'));
  });
});

describe('A/B testing client', () => {
  it('sends the page-load delivery request of docs/wire-formats.md and keeps the tntId in the mbox cookie', async () => {
    answer = json({ status: 200, id: { tntId: 'tnt.1' }, execute: { pageLoad: { options: [] } } });
    const client = createTargetClient(win(), config);
    await client.pageLoad({ firmId: 'F1', empty: '', userRole: undefined }, 1000);
    expect(calls).toHaveLength(1);
    const u = new URL(calls[0].url);
    expect(`${u.host}${u.pathname}`).toBe('firm.tt.omtrdc.example/rest/v1/delivery');
    expect(Object.fromEntries(u.searchParams)).toEqual({ client: 'firm', sessionId: client.sessionId, version: '2.11.4' });
    expect(calls[0].body).toMatchObject({
      context: { channel: 'web', address: { url: location.href }, browser: { host: location.hostname } },
      experienceCloud: { analytics: { logging: 'server_side' } },
      execute: { pageLoad: { parameters: { firmId: 'F1' } } },
    });
    expect(parseMboxCookie(decodeURIComponent(document.cookie.match(/mbox=([^;]+)/)![1]), Math.floor(Date.now() / 1000))).toEqual({ session: client.sessionId, PC: 'tnt.1' });
    expect(events.map((e) => e.type)).toEqual(['at-request-start', 'at-request-succeeded', 'at-content-rendering-no-offers']);
  });

  it('form-encodes the delivery query: a client code with a space, an ampersand or an equals sign reads back whole', async () => {
    answer = json({ status: 200, execute: { pageLoad: { options: [] } } });
    await createTargetClient(win(), { ...config, clientCode: 'firm a&b=c' }).pageLoad({}, 1000);
    expect(new URL(calls[0].url).searchParams.get('client')).toBe('firm a&b=c');
  });

  it('renders page-load offers, marks elements, and sends a display notification', async () => {
    answer = json({
      execute: {
        pageLoad: {
          options: [
            {
              type: 'actions',
              eventToken: 'tok1',
              content: [
                { type: 'setHtml', selector: '#hero', content: 'New <b>hero</b>' },
                { type: 'setAttribute', selector: '#hero', content: { 'data-variant': 'B' } },
                { type: 'setStyle', selector: '#hero', content: { color: 'red' } },
                { type: 'setImageSource', selector: '#img', content: 'https://www.firm.example/b.png' },
                { type: 'resize', selector: '#img', content: { width: '120px' } },
                { type: 'rearrange', selector: '#list', content: { from: 0, to: 2 } },
              ],
            },
            { type: 'html', content: '<p id="promo">Promo</p>' },
          ],
        },
      },
    });
    await createTargetClient(win(), config).pageLoad({}, 1000);
    const hero = document.getElementById('hero')!;
    expect(hero.innerHTML).toBe('New <b>hero</b>');
    expect(hero.getAttribute('data-variant')).toBe('B');
    expect(hero.style.color).toBe('red');
    expect(hero.classList.contains('at-element-marker')).toBe(true);
    expect(document.getElementById('img')!.getAttribute('src')).toBe('https://www.firm.example/b.png');
    expect([document.getElementById('img')!.style.width, document.getElementById('img')!.style.height]).toEqual(['120px', '']);
    expect([...document.querySelectorAll('#list li')].map((li) => li.textContent)).toEqual(['b', 'c', 'a']);
    expect(document.getElementById('promo')?.textContent).toBe('Promo');
    expect(events.map((e) => e.type)).toContain('at-content-rendering-succeeded');
    expect(beacons).toHaveLength(1);
    expect(JSON.parse(beacons[0].body).notifications[0]).toMatchObject({ type: 'display', mbox: { name: 'target-global-mbox' }, tokens: ['tok1'] });
    expect(document.getElementById(FLICKER_STYLE_ID)).toBeNull();
  });

  it('marks the element an entry without a type names: it fails as an invalid action', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = json({ execute: { pageLoad: { options: [{ type: 'actions', content: [{ selector: '#hero', content: 'New' }] }] } } });
    await createTargetClient(win(), config).pageLoad({}, 1000);
    expect(events.filter((e) => e.type === 'at-content-rendering-failed').map((e) => e.detail.message)).toEqual(['Unexpected error: invalid offer action']);
    expect(document.getElementById('hero')!.getAttribute('data-at-render-failed')).toBe('Unexpected error: invalid offer action');
  });

  it('reports each broken action with the messages of spec §8, marks it, and still shows the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = json({
      execute: {
        pageLoad: {
          options: [
            {
              type: 'actions',
              content: [
                { type: 'setAttribute', selector: '#hero' },
                { type: 'setStyle', selector: '#hero', content: {} },
                { type: 'resize', selector: '#hero', content: {} },
                { type: 'setImageSource', selector: '#img' },
                { type: 'redirect' },
                { type: 'rearrange', selector: '#list', content: { from: 0, to: 9 } },
                { type: 'rearrange', selector: '#list', content: { from: 0.5, to: 1 } },
                { type: 'rearrange', selector: '#list', content: { from: '0', to: 1 } },
                { type: 'setHtml', selector: '#hero' },
              ],
            },
          ],
        },
      },
    });
    await createTargetClient(win(), config).pageLoad({}, 1000);
    const failures = events.filter((e) => e.type === 'at-content-rendering-failed').map((e) => e.detail.message);
    expect(failures).toEqual([
      'Action has no attributes',
      'Action has no CSS properties',
      'Action has no height or width',
      'Action has no image url',
      'Action has no url',
      'Rearrange has incorrect from and to indexes',
      'Rearrange has incorrect from and to indexes',
      'Rearrange has incorrect from and to indexes',
      'Action has no content',
    ]);
    expect([...document.querySelectorAll('#list li')].map((li) => li.textContent)).toEqual(['a', 'b', 'c']);
    expect(document.getElementById('list')!.textContent).not.toContain('undefined');
    expect(document.getElementById('hero')!.getAttribute('data-at-render-failed')).toBe('Action has no content');
    expect(events.map((e) => e.type)).not.toContain('at-content-rendering-succeeded');
    expect(document.getElementById(FLICKER_STYLE_ID)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('hides the body while the request runs, and never longer than the timeout', async () => {
    vi.useFakeTimers();
    answer = () => new Promise(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    void createTargetClient(win(), config).pageLoad({}, 1000);
    expect(document.getElementById(FLICKER_STYLE_ID)?.textContent).toBe('body { opacity: 0 !important }');
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.getElementById(FLICKER_STYLE_ID)).toBeNull();
    expect(warn.mock.calls.flat().join()).toContain('timeout after 1000 ms');
  });

  it('stays inactive with the disable cookie or query parameter', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    document.cookie = 'mboxDisable=1; path=/';
    const client = createTargetClient(win(), config);
    expect(client.enabled).toBe(false);
    await client.pageLoad({}, 1000);
    const error = vi.fn();
    client.api.getOffer({ mbox: 'hero', success: vi.fn(), error });
    expect(error).toHaveBeenCalledWith('error', 'content delivery is disabled');
    document.cookie = 'mboxDisable=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    history.replaceState(null, '', '/us/home.html?mboxDisable=1');
    expect(createTargetClient(win(), config).enabled).toBe(false);
    expect(calls).toEqual([]);
    expect(warn.mock.calls.flat().join()).toContain('content delivery is disabled');
  });

  it("logs a getOffer callback that throws (success or error), and nothing reaches the page", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createTargetClient(win(), config);
    answer = json({ execute: { mboxes: [{ index: 0, name: 'hero', options: [] }] } });
    client.api.getOffer({ mbox: 'hero', success: () => { throw new Error('page bug'); }, error: vi.fn() });
    await vi.waitFor(() => expect(error.mock.calls.map((c) => c.join(' '))).toEqual(['[tagc] callback error: page bug']), { timeout: 15_000 });
    answer = () => Promise.reject(new TypeError('offline'));
    client.api.getOffer({ mbox: 'hero', success: vi.fn(), error: () => { throw new Error('error bug'); } });
    await vi.waitFor(() => expect(error.mock.calls.map((c) => c.join(' '))).toEqual(['[tagc] callback error: page bug', '[tagc] callback error: error bug']), { timeout: 15_000 });
  });

  it('getOffer validates its options and calls success with the mbox offers', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createTargetClient(win(), config);
    client.api.getOffer({ mbox: '', success: vi.fn(), error: vi.fn() });
    client.api.getOffer({ mbox: 'x'.repeat(251), success: vi.fn(), error: vi.fn() });
    client.api.getOffer({ mbox: 'hero', error: vi.fn() } as never);
    expect(error.mock.calls.map((c) => c.join(' '))).toEqual(['[tagc] mbox option is required', '[tagc] mbox option is too long', '[tagc] success option is required']);
    answer = json({ execute: { mboxes: [{ index: 0, name: 'hero', options: [{ type: 'json', content: { a: 1 } }] }] } });
    const success = vi.fn();
    client.api.getOffer({ mbox: 'hero', params: { p: 1 }, success, error: vi.fn() });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith([{ type: 'json', content: { a: 1 } }]), { timeout: 15_000 });
    expect(calls.at(-1)!.body.execute).toEqual({ mboxes: [{ index: 0, name: 'hero', parameters: { p: '1' } }] });
  });

  it('trackEvent sends a click notification as a beacon', () => {
    createTargetClient(win(), config).api.trackEvent({ mbox: 'cta', params: { a: 'b' } });
    expect(JSON.parse(beacons[0].body).notifications[0]).toMatchObject({ type: 'click', mbox: { name: 'cta' }, parameters: { a: 'b' } });
  });
});

describe('delivery failures (spec §8)', () => {
  it('times out a request whose fetch never settles', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const pending = deliver(win(), 'https://x.example/rest/v1/delivery', {}, 500).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    const err = (await pending) as TargetError;
    expect([err.kind, err.message]).toEqual(['timeout', 'timeout after 500 ms']);
  });

  const fake = (status: number, text: string) => vi.fn(async () => ({ status, ok: status >= 200 && status < 300, text: async () => text }));
  it.each([
    [fake(700, ''), 'network'],
    [fake(200, '{not json'), 'parse'],
    [fake(400, JSON.stringify({ status: 400, message: 'Invalid mbox' })), 'error'],
    [vi.fn(async () => { throw new TypeError('offline'); }), 'network'],
  ])('classifies %#', async (fetchImpl, kind) => {
    vi.stubGlobal('fetch', fetchImpl);
    const err = await deliver(win(), 'https://x.example/rest/v1/delivery', {}, 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetError);
    expect((err as TargetError).kind).toBe(kind);
  });
});

describe('options and the mbox cookie', () => {
  it('sends nothing when not opted in or with page load disabled, and leaves the body shown without hideBody', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await createTargetClient(win(), { ...config, optedIn: () => false }).pageLoad({}, 1000);
    await createTargetClient(win(), { ...config, pageLoadEnabled: false }).pageLoad({}, 1000);
    createTargetClient(win(), config).api.triggerView('home');
    expect(calls).toEqual([]);
    const said = warn.mock.calls.flat().join('\n');
    expect(said).toContain('page load: not opted in');
    expect(said).toContain('Page load disabled');
    expect(said).toContain('Views are not enabled');
    answer = () => new Promise(() => undefined);
    void createTargetClient(win(), { ...config, hideBody: false }).pageLoad({}, 1000);
    expect(calls).toHaveLength(1);
    expect(document.getElementById(FLICKER_STYLE_ID)).toBeNull();
  });

  it('uses the messages of spec §5, by their codes', () => {
    const text = (code: Msg | null) => (code ? messageText(code, []) : code);
    expect(text(mboxProblem(undefined))).toBe('options argument is required');
    expect(text(mboxProblem({ mbox: 'a' }, true))).toBe('success option is required');
    expect(text(mboxProblem({ mbox: 'a', success: () => 0 }, true))).toBe('error option is required');
    expect(text(deliveryProblem({}, 'get'))).toBe('request option is required');
    expect(text(deliveryProblem({ request: {} }, 'get'))).toBe('execute or prefetch is required');
    expect(text(deliveryProblem({}, 'apply'))).toBe('response option is required');
    expect(text(viewNameProblem(' '))).toBe('view name must be a non-empty string');
  });

  it('round-trips the mbox cookie and drops expired or malformed entries', () => {
    const now = 1_700_000_000;
    const raw = formatMboxCookie({ session: 's1', PC: 't1', edge: 'e7' }, now);
    expect(raw).toBe(`session#s1#${now + 1860}|PC#t1#${now + 632448}|edge#e7#${now + 1860}`);
    expect(parseMboxCookie(`${raw}|old#x#${now - 1}|broken`, now)).toEqual({ session: 's1', PC: 't1', edge: 'e7' });
  });
});
