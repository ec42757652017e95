// @vitest-environment happy-dom
import { transmit } from '../../../runtime/analytics/transport';
import { openEgress } from '../../helpers/egress';

type Win = Window & typeof globalThis;
const win = window as Win;
const short = 'https://metrics.firm.example/b/ss/firmprod/1/JS-2.27.0/s1?AQB=1&pageName=home&AQE=1';
const long = `https://metrics.firm.example/b/ss/firmprod/1/JS-2.27.0/s1?AQB=1&v1=${'x'.repeat(2100)}&AQE=1`;

let images: string[];
let fetchMock: ReturnType<typeof vi.fn>;
let beaconMock: ReturnType<typeof vi.fn>;
const original = { fetch: win.fetch, sendBeacon: Object.getOwnPropertyDescriptor(win.navigator, 'sendBeacon') };

beforeEach(() => {
  openEgress();
  images = [];
  const desc = Object.getOwnPropertyDescriptor(win.HTMLImageElement.prototype, 'src')!;
  vi.spyOn(win.HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, v: string) {
    images.push(v);
    void desc;
  });
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  win.fetch = fetchMock as unknown as typeof fetch;
  beaconMock = vi.fn(() => true);
  Object.defineProperty(win.navigator, 'sendBeacon', { configurable: true, value: beaconMock });
});
afterEach(() => {
  vi.restoreAllMocks();
  win.fetch = original.fetch;
  if (original.sendBeacon) Object.defineProperty(win.navigator, 'sendBeacon', original.sendBeacon);
  else delete (win.navigator as unknown as Record<string, unknown>).sendBeacon;
});

describe('beacon transport', () => {
  it('sends an image GET by default', () => {
    expect(transmit(win, short, false)).toBe('image');
    expect(images).toEqual([short]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
  });

  it('sends a GET up to 2047 characters', () => {
    const edge = short + '&v2=' + 'y'.repeat(2047 - short.length - 4);
    expect(edge.length).toBe(2047);
    expect(transmit(win, edge, false)).toBe('image');
  });

  it('POSTs the query as a credentialed form body when the URL exceeds 2047 characters', () => {
    expect(long.length).toBeGreaterThan(2047);
    expect(transmit(win, long, false)).toBe('post');
    expect(images).toEqual([]);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://metrics.firm.example/b/ss/firmprod/1/JS-2.27.0/s1');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: false, body: long.slice(long.indexOf('?') + 1) });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('uses sendBeacon with the whole URL when the page is leaving', () => {
    expect(transmit(win, short, true)).toBe('beacon');
    // No body: undefined for sendBeacon's optional data is the argument left out (WebIDL), the
    // same bodiless POST in Chromium.
    expect(beaconMock.mock.calls).toEqual([[short, undefined]]);
    expect(images).toEqual([]);
  });

  it('falls back to an image when sendBeacon refuses', () => {
    beaconMock.mockReturnValue(false);
    expect(transmit(win, short, true)).toBe('image');
    expect(images).toEqual([short]);
  });

  it('falls back to an image where the browser has no sendBeacon, or something else under its name', () => {
    for (const value of [undefined, 'not a function']) {
      Object.defineProperty(win.navigator, 'sendBeacon', { configurable: true, value });
      expect(transmit(win, short, true)).toBe('image');
    }
    expect(images).toEqual([short, short]);
  });

  it('sends a long hit of a leaving page as a keepalive POST', () => {
    expect(transmit(win, long, true)).toBe('keepalive');
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1]).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(beaconMock).not.toHaveBeenCalled();
  });

  it('swallows a failing POST', async () => {
    fetchMock.mockReturnValue(Promise.reject(new TypeError('offline')));
    expect(transmit(win, long, false)).toBe('post');
    await new Promise((r) => setTimeout(r, 0));
  });
});
