// @vitest-environment happy-dom
import { createIdentity, LOAD_TIMEOUT, type IdentityConfig } from '../../../runtime/identity/client';
import { serverState } from '../../../runtime/identity/server-state';
import { clearCookies, flush, HOST, mockService, ORG, recordCookieWrites, stopRecordingCookies, win, type Service } from './helpers';
import { openEgress } from '../../helpers/egress';

let service: Service;
let errors: string[];
let warnings: string[];
let images: string[];
const realFetch = win.fetch;

beforeEach(() => {
  openEgress();
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 5, 12) });
  clearCookies();
  win.localStorage.clear();
  service = mockService();
  errors = [];
  warnings = [];
  images = [];
  vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
  vi.spyOn(console, 'warn').mockImplementation((m: string) => void warnings.push(m));
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(win.HTMLImageElement.prototype, 'src', 'set').mockImplementation((v: string) => void images.push(v));
});
afterEach(() => {
  stopRecordingCookies();
  vi.useRealTimers();
  vi.restoreAllMocks();
  win.fetch = realFetch;
});

const config = (extra: Partial<IdentityConfig> = {}): IdentityConfig => ({ orgId: ORG, host: HOST, ...extra });
const cookie = (name: string) => win.document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1);
const amcv = () => decodeURIComponent(cookie(`AMCV_${ORG}`) ?? '');

describe('the id call', () => {
  it('GETs /id with the protocol parameters, CORS with credentials', async () => {
    createIdentity(win, config());
    expect(service.calls).toHaveLength(1);
    const { url, init } = service.calls[0];
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`https://${HOST}/id`);
    expect(Object.fromEntries(u.searchParams)).toEqual({
      d_visid_ver: '5.5.0',
      d_fieldgroup: 'MC',
      d_rtbd: 'json',
      d_ver: '2',
      d_orgid: ORG,
      d_nsid: '0',
      ts: String(Date.now()),
    });
    expect(init).toMatchObject({ credentials: 'include' });
  });

  it('uses the response: mid, region, blob, and writes AMCV_ and AMCVS_ cookies', async () => {
    service.answer = { d_mid: '11112222333344445555666677778888999900', dcs_region: 9, d_blob: 'RKhpRz8krg2tLO6pguXWp5olkAcUniQYPHaMWWgdJ3xzPWQmdj0y', id_sync_ttl: 604800 };
    const id = createIdentity(win, config());
    await flush();
    const now = Math.floor(Date.now() / 1000);
    expect(id.fields()).toMatchObject({ mid: '11112222333344445555666677778888999900', aamlh: '9', aamb: 'RKhpRz8krg2tLO6pguXWp5olkAcUniQYPHaMWWgdJ3xzPWQmdj0y', mcorgid: ORG });
    expect(amcv()).toMatch(new RegExp(`^-?\\d+\\|MCIDTS\\|\\d+\\|MCMID\\|11112222333344445555666677778888999900\\|MCAAMLH-${now + 604800}\\|9\\|MCAAMB-${now + 604800}\\|RKhp.*\\|MCOPTOUT-\\d+s\\|NONE\\|vVersion\\|5\\.5\\.0$`));
    expect(cookie(`AMCVS_${ORG}`)).toBe('1');
    expect(id.isClientSideId!()).toBe(false);
  });

  it('defaults the region/id-sync TTL to 604800 s', async () => {
    service.answer = { d_mid: '1234', dcs_region: 7, d_blob: 'b' };
    createIdentity(win, config());
    await flush();
    expect(amcv()).toContain(`MCAAMLH-${Math.floor(Date.now() / 1000) + 604800}|7`);
  });

  it('writes the AMCV cookie for two years and the session flag without expiry', async () => {
    const writes = recordCookieWrites();
    createIdentity(win, config());
    await flush();
    expect(writes.find((w) => w.startsWith(`AMCVS_${ORG}=1`))).not.toMatch(/max-age/);
    expect(writes.find((w) => w.startsWith(`AMCV_${ORG}=`))).toMatch(/max-age=63072000/);
  });

  it('sets the visit cookie for 30 minutes and knows whether this page started the visit', async () => {
    const writes = recordCookieWrites();
    const first = createIdentity(win, config());
    expect(first.visitStarted!()).toBe(true);
    expect(writes.find((w) => w.startsWith('s_visit='))).toMatch(/max-age=1800/);
    expect(createIdentity(win, config()).visitStarted!()).toBe(false);
  });

  it('writes the audience-management id cookie for 30 days', async () => {
    const writes = recordCookieWrites();
    service.answer = { d_mid: '1234', uuid: '5566' };
    createIdentity(win, config());
    await flush();
    expect(writes.find((w) => w.startsWith('aam_uuid=5566'))).toMatch(/max-age=2592000/);
  });

  it('makes no call on a page where the cookie is fresh, and sends the known id with the next call', async () => {
    createIdentity(win, config());
    await flush();
    const again = createIdentity(win, config());
    expect(service.calls).toHaveLength(1);
    expect(again.fields().mid).toBe('12345678901234567890123456789012345678');
    vi.setSystemTime(Date.now() + 604801 * 1000);
    createIdentity(win, config());
    expect(service.calls).toHaveLength(2);
    expect(new URL(service.calls[1].url).searchParams.get('d_mid')).toBe('12345678901234567890123456789012345678');
  });

  it('replaces an invalid id in the cookie: it is neither sent nor used', async () => {
    win.document.cookie = `AMCV_${ORG}=${encodeURIComponent('1|MCMID|bad id!|MCIDTS|1')}; path=/`;
    const id = createIdentity(win, config());
    expect(new URL(service.calls[0].url).searchParams.get('d_mid')).toBeNull();
    await flush();
    expect(id.fields().mid).toBe('12345678901234567890123456789012345678');
    expect(warnings).toContain('[tagc] Ignored an invalid visitor id in the identity cookie');
  });

  it('replaces an invalid id in the response with a local one', async () => {
    service.answer = { d_mid: '"><img src=x>' };
    const id = createIdentity(win, config());
    await flush();
    expect(id.fields().mid).toMatch(/^\d{38}$/);
    expect(id.isClientSideId!()).toBe(true);
    expect(warnings).toContain('[tagc] Ignored an invalid visitor id from the identity service');
    expect(amcv()).toContain(`MCMID|${id.fields().mid}`);
  });
});

describe('failures and the load timeout', () => {
  it.each([['fail'], [500], ['not json']])('uses a local 38-digit id at once when the service answers %s', async (answer) => {
    service.answer = answer;
    const id = createIdentity(win, config());
    const got: (string | undefined)[] = [];
    id.whenReady(60000, (f) => got.push(f.mid));
    await flush();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^\d{38}$/);
    expect(id.isClientSideId!()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('waits 30000 ms for a hanging service, then uses a local id', async () => {
    service.answer = 'hang';
    const id = createIdentity(win, config());
    const got: (string | undefined)[] = [];
    id.whenReady(60000, (f) => got.push(f.mid));
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT - 1);
    expect(got).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(got[0]).toMatch(/^\d{38}$/);
    expect(id.isClientSideId!()).toBe(true);
  });

  it('gives a caller that cannot wait a provisional id, the same one the timeout then keeps', async () => {
    service.answer = 'hang';
    const id = createIdentity(win, config());
    let early: string | undefined;
    id.whenReady(1000, (f) => (early = f.mid));
    await vi.advanceTimersByTimeAsync(1000);
    expect(early).toMatch(/^\d{38}$/);
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT);
    expect(id.fields().mid).toBe(early);
  });

  it('takes a late answer over the local id', async () => {
    let answer!: (r: Response) => void;
    win.fetch = (() => new Promise<Response>((r) => (answer = r))) as typeof fetch;
    const id = createIdentity(win, config());
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT);
    expect(id.isClientSideId!()).toBe(true);
    answer(new Response(JSON.stringify({ d_mid: 'ABCDEF' }), { status: 200 }));
    await flush();
    expect(id.fields().mid).toBe('ABCDEF');
    expect(id.isClientSideId!()).toBe(false);
  });

  it('logs the missing organisation id and makes no call', () => {
    const id = createIdentity(win, config({ orgId: '' }));
    expect(errors).toEqual(['[tagc] Visitor requires Adobe Marketing Cloud Org ID.']);
    expect(service.calls).toEqual([]);
    expect(id.fields()).toEqual({});
    let got: object | undefined;
    id.whenReady(1000, (f) => (got = f));
    expect(got).toEqual({});
  });
});

describe('opt-in', () => {
  it('makes no call, cookie or sync until approved', async () => {
    const writes = recordCookieWrites();
    const id = createIdentity(win, config({ optInApplies: true }));
    expect(id.optIn.state()).toBe('not complete');
    expect(service.calls).toEqual([]);
    expect(id.idSyncByURL({ dpid: '1', url: '//sync.example/p' })).toBe('Successfully queued');
    expect(images).toEqual([]);
    expect(writes).toEqual([]);
    let got: object | undefined;
    id.whenReady(1000, (f) => (got = f));
    expect(got).toEqual({});
    id.optIn.approve();
    expect(id.optIn.state()).toBe('approved');
    expect(service.calls).toHaveLength(1);
    await flush();
    expect(id.fields().mid).toBe('12345678901234567890123456789012345678');
  });

  it('denied: no call, cookies removed, syncs refused, one EU compliance warning', async () => {
    const id = createIdentity(win, config());
    await flush();
    expect(amcv()).toContain('MCMID');
    id.optIn.deny();
    expect(id.optIn.state()).toBe('denied');
    // happy-dom keeps an emptied cookie where browsers drop it: either way no value is left.
    expect(cookie(`AMCV_${ORG}`)).toBeFalsy();
    expect(cookie(`AMCVS_${ORG}`)).toBeFalsy();
    expect(id.fields()).toEqual({});
    expect(id.idSyncByURL({ dpid: '1', url: '//sync.example/p' })).toBeUndefined();
    id.whenReady(10, () => {});
    expect(warnings.filter((w) => w === '[tagc] EU compliance not acknowledged: tracking rejected')).toHaveLength(1);
    expect(images).toEqual([]);
    const denied = createIdentity(win, config({ optInApplies: true }));
    denied.optIn.deny();
    expect(service.calls).toHaveLength(1);
  });
});

describe('customer ids', () => {
  it('sends them on the id call as d_cid_ic code%01id%01authState and keeps them for hits', async () => {
    const id = createIdentity(win, config());
    await flush();
    id.setCustomerIds({ advisorId: { id: 'A 1', authState: 1 }, partyId: { id: 'P9', authState: 1 } });
    expect(service.calls).toHaveLength(2);
    expect(service.calls[1].url).toContain('&d_mid=12345678901234567890123456789012345678&d_cid_ic=advisorId%01A%201%011&d_cid_ic=partyId%01P9%011&ts=');
    expect(id.fields().customerIds).toEqual({ advisorId: { id: 'A 1', authState: 1 }, partyId: { id: 'P9', authState: 1 } });
    id.setCustomerIds({ advisorId: { id: 'A 1', authState: 1 }, partyId: { id: 'P9', authState: 1 } });
    expect(service.calls).toHaveLength(2); // unchanged ids: no new call
  });

  it('ids set while the first call is in flight go in a second call', async () => {
    const id = createIdentity(win, config());
    id.setCustomerIds({ advisorId: { id: 'A1', authState: 1 } });
    await flush();
    expect(service.calls).toHaveLength(2);
    expect(service.calls[1].url).toContain('d_cid_ic=advisorId%01A1%011');
  });
});

describe('id syncs', () => {
  it('fires a sync by URL as an image, once per its time to live', async () => {
    const id = createIdentity(win, config());
    expect(id.idSyncByURL({ dpid: '24', url: '//sync.example/p?uid=1', minutesToLive: 10 })).toBe('Successfully queued');
    expect(images).toEqual(['https://sync.example/p?uid=1']);
    id.idSyncByURL({ dpid: '24', url: '//sync.example/p?uid=1', minutesToLive: 10 });
    expect(images).toHaveLength(1);
    vi.setSystemTime(Date.now() + 10 * 60000 + 1);
    id.idSyncByURL({ dpid: '24', url: '//sync.example/p?uid=1', minutesToLive: 10 });
    expect(images).toHaveLength(2);
  });

  it('fires a scheme-relative or http sync over https', () => {
    const id = createIdentity(win, config());
    for (const url of ['//sync.example/a', 'http://sync.example/b', 'https://sync.example/c']) id.idSyncByURL({ dpid: '7', url });
    expect(images).toEqual(['https://sync.example/a', 'https://sync.example/b', 'https://sync.example/c']);
  });

  it('fires as a hidden iframe when asked', () => {
    const id = createIdentity(win, config());
    id.idSyncByURL({ dpid: '5', url: 'https://sync.example/f', as: 'iframe' });
    const frame = win.document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://sync.example/f');
    expect(frame.style.display).toBe('none');
    frame.remove();
  });

  it('syncs by data source through the identity host', () => {
    const id = createIdentity(win, config());
    expect(id.idSyncByDataSource({ dpid: '77', dpuuid: 'u-1' })).toBe('Successfully queued');
    expect(images).toEqual([`https://${HOST}/ibs:dpid=77&dpuuid=u-1`]);
    expect(id.idSyncByDataSource({ dpid: '77' })).toBe('Error: config or config.dpuuid is empty');
    expect(id.idSyncByDataSource({ dpid: '77', dpuuid: '' })).toBe('Error: config or config.dpuuid is empty');
  });

  it('returns the validation messages and the disabled message', () => {
    const id = createIdentity(win, config({ disableIdSyncs: true }));
    expect(id.idSyncByURL({ dpid: '1', url: 'u' })).toBe('Error: id syncs have been disabled');
    const on = createIdentity(win, config());
    expect(on.idSyncByURL({ url: 'u' })).toBe('Error: config.dpid is empty');
    expect(on.idSyncByURL({ dpid: '1', url: 'u', minutesToLive: -5 })).toBe('Error: config.minutesToLive needs to be a positive number');
    expect(images).toEqual([]);
  });

  it('fires the response syncs (ibs) unless syncs are disabled', async () => {
    service.answer = { d_mid: '1234', ibs: [{ id: '411', ttl: 10080, tag: 'img', url: ['//cm.partner.example/a'] }, { id: '9', tag: 'iframe', url: ['https://frame.partner.example/b'] }] };
    createIdentity(win, config());
    await flush();
    expect(images).toEqual(['https://cm.partner.example/a']);
    expect(win.document.querySelector('iframe')?.getAttribute('src')).toBe('https://frame.partner.example/b');
    win.document.querySelector('iframe')?.remove();
    win.localStorage.clear();
    clearCookies();
    images.length = 0;
    createIdentity(win, config({ disableIdSyncs: true }));
    await flush();
    expect(images).toEqual([]);
  });
});

describe('server state and supplemental data ids', () => {
  it('logs an invalid serverState and carries on', async () => {
    const id = createIdentity(win, config({ serverState: serverState('{not json') }));
    expect(errors).toEqual(['[tagc] `serverState` has an invalid format.']);
    await flush();
    expect(id.fields().mid).toBeDefined();
    errors.length = 0;
    createIdentity(win, config({ serverState: serverState({ [ORG]: 'x' }) }));
    expect(errors).toEqual(['[tagc] `serverState` has an invalid format.']);
  });

  it('takes the current supplemental id from the server state', () => {
    const id = createIdentity(win, config({ serverState: serverState(JSON.stringify({ [ORG]: { sdid: { supplementalDataIDCurrent: 'AAAA-BBBB' } } })) }));
    expect(id.supplementalDataId('target')).toBe('AAAA-BBBB');
  });

  it('shares one supplemental id per consumer for 30 s', () => {
    const id = createIdentity(win, config());
    expect(id.supplementalDataId('analytics', true)).toBe('');
    const a = id.supplementalDataId('target');
    expect(id.supplementalDataId('analytics', true)).toBe(a);
    expect(id.supplementalDataId('analytics', true)).toBe(''); // consumed
    const b = id.supplementalDataId('target');
    expect(b).not.toBe(a); // target consumed a: it starts the next one
    vi.advanceTimersByTime(30000);
    expect(id.supplementalDataId('analytics', true)).toBe('');
  });

  it('puts an open supplemental id on the next hit as sdid', async () => {
    const id = createIdentity(win, config());
    await flush();
    const s = id.supplementalDataId('target');
    expect(id.fields().sdid).toBe(s);
    expect(id.fields().sdid).toBeUndefined();
  });
});
