// A controllable identity service and a record of cookie writes (with their attributes).

type Win = Window & typeof globalThis;
export const win = window as Win;
export const ORG = 'FIRM0000000000000000000@AdobeOrg';
export const HOST = 'dpm.identity.example';

export interface Service {
  calls: { url: string; init: RequestInit | undefined }[];
  /** What the next calls get: a JSON body, an HTTP status, 'fail' (network error) or 'hang'. */
  answer: unknown;
}

export function mockService(): Service {
  const service: Service = { calls: [], answer: { d_mid: '12345678901234567890123456789012345678', dcs_region: 9, d_blob: 'blob1', id_sync_ttl: 604800 } };
  win.fetch = ((url: string, init?: RequestInit) => {
    service.calls.push({ url: String(url), init });
    const a = service.answer;
    if (a === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
    if (a === 'hang') return new Promise(() => {});
    if (typeof a === 'number') return Promise.resolve(new Response('oops', { status: a }));
    if (typeof a === 'string') return Promise.resolve(new Response(a, { status: 200 }));
    return Promise.resolve(new Response(JSON.stringify(a), { status: 200, headers: { 'content-type': 'application/json' } }));
  }) as typeof fetch;
  return service;
}

/** Every `document.cookie = …` string written while recording. */
export function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const proto = Object.getPrototypeOf(win.document) as object;
  let owner: object | null = proto;
  let desc: PropertyDescriptor | undefined;
  while (owner && !(desc = Object.getOwnPropertyDescriptor(owner, 'cookie'))) owner = Object.getPrototypeOf(owner) as object | null;
  Object.defineProperty(win.document, 'cookie', {
    configurable: true,
    get: () => desc!.get!.call(win.document) as string,
    set: (v: string) => {
      writes.push(v);
      desc!.set!.call(win.document, v);
    },
  });
  return writes;
}

export function stopRecordingCookies(): void {
  delete (win.document as unknown as Record<string, unknown>).cookie;
}

export function clearCookies(): void {
  for (const c of win.document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) {
      win.document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
}

export const flush = () => vi.advanceTimersByTimeAsync(0);
