import { buildBeaconUrl, buildQuery, encode, timestamp, type Hit } from '../../../runtime/analytics/beacon';
import { byteLength, truncateBytes, wellFormed } from '../../../runtime/analytics/limits';
import { friendlyName, wireName } from '../../../runtime/analytics/names';
import { decodeQuery } from './decode';

const NOW = new Date(2026, 0, 5, 9, 7, 3); // Monday 5 January 2026, 09:07:03 local

function hit(vars: Hit['vars'], extra: Partial<Hit> = {}): Hit {
  return { vars, now: NOW, pageUrl: 'https://www.firm.example/us/funds.html', ...extra };
}
const decode = (h: Hit, id = {}) => decodeQuery(buildQuery(h, id));

let warned: string[];
beforeEach(() => {
  warned = [];
  vi.spyOn(console, 'warn').mockImplementation((m: string) => void warned.push(m));
});
afterEach(() => vi.restoreAllMocks());
const warnings = () => warned;

describe('beacon URL and bracketing', () => {
  it('builds /b/ss/{rsid}/1/JS-{version}/s{random} on the tracking server', () => {
    const url = buildBeaconUrl({ trackingServer: 'metrics.firm.example', rsid: 'firmprod' }, 'AQB=1&AQE=1', '123');
    expect(url).toBe('https://metrics.firm.example/b/ss/firmprod/1/JS-2.27.0/s123?AQB=1&AQE=1');
  });

  it('starts with AQB=1&ndh=1 and ends with AQE=1', () => {
    const q = buildQuery(hit({ pageName: 'home' }), {});
    expect(q.startsWith('AQB=1&ndh=1&t=')).toBe(true);
    expect(q.endsWith('&AQE=1')).toBe(true);
  });

  it('writes t as d/m/yyyy h:m:s weekday offset with a 0-based month and no padding', () => {
    expect(timestamp(NOW)).toBe(`5/0/2026 9:7:3 1 ${NOW.getTimezoneOffset()}`);
    expect(decode(hit({})).params.t).toBe(timestamp(NOW));
  });
});

describe('common fields', () => {
  it('maps rule names to wire names', () => {
    const d = decode(
      hit({ pageName: 'us > funds', channel: 'US sites', server: 'www', campaign: 'cmp1', currencyCode: 'EUR', purchaseID: 'ORD123', prop5: 'p5', eVar22: 'e22', list2: 'a,b', eVar250: 'last', prop75: 'p75' }),
    ).params;
    expect(d).toMatchObject({ pageName: 'us > funds', ch: 'US sites', server: 'www', v0: 'cmp1', cc: 'EUR', purchaseID: 'ORD123', c5: 'p5', v22: 'e22', l2: 'a,b', v250: 'last', c75: 'p75' });
  });

  it("sends numbered variables in AppMeasurement's order (by number, then prop, eVar, list), whatever order they were set in", () => {
    const q = buildQuery(hit({ eVar250: 'a', list3: 'b', eVar76: 'c', prop75: 'd', eVar75: 'e', list1: 'f', eVar10: 'g', prop2: 'h', eVar1: 'i', prop10: 'j', prop1: 'k' }), {});
    const numbered = q.split('&').map((p) => p.split('=')[0]).filter((n) => /^[cvl]\d+$/.test(n!));
    expect(numbered).toEqual(['c1', 'v1', 'l1', 'c2', 'l3', 'c10', 'v10', 'c75', 'v75', 'v76', 'v250']);
  });

  it('accepts wire names from rules as aliases of the AppMeasurement names', () => {
    expect(['ch', 'v0', 'cc', 'v22', 'c5', 'l1', 'eVar3'].map(friendlyName)).toEqual(['channel', 'campaign', 'currencyCode', 'eVar22', 'prop5', 'list1', 'eVar3']);
    expect(['eVar251', 'prop76', 'list4', 'v251'].map(wireName)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('sends cc=USD by default and keeps the hit when the code is invalid', () => {
    expect(decode(hit({})).params.cc).toBe('USD');
    expect(decode(hit({ currencyCode: 'eur' })).params.cc).toBe('EUR');
    expect(decode(hit({ currencyCode: 'EURO' })).params.cc).toBe('USD');
    expect(warnings()).toContain('[tagc] Analytics currency code "EURO" is invalid; USD was sent');
  });

  it('splits the page URL into g (first 255 characters) and -g (the rest)', () => {
    const url = `https://www.firm.example/${'a'.repeat(300)}`;
    const d = decode(hit({}, { pageUrl: url })).params;
    expect(d.g).toBe(url.slice(0, 255));
    expect(d['-g']).toBe(url.slice(255));
    expect(decode(hit({})).params['-g']).toBeUndefined();
  });

  it('sends the referrer as r, cut to 255 bytes', () => {
    expect(decode(hit({}, { referrer: 'https://www.example.org/' })).params.r).toBe('https://www.example.org/');
    expect(byteLength(decode(hit({}, { referrer: `https://x.example/${'é'.repeat(200)}` })).params.r)).toBeLessThanOrEqual(255);
  });

  it('adds the identity fields mid, aamlh, aamb, mcorgid and sdid', () => {
    const d = decode(hit({}), { mid: '123', aamlh: '9', aamb: 'blob', mcorgid: 'ORG@AdobeOrg', sdid: 'AB-CD' }).params;
    expect(d).toMatchObject({ mid: '123', aamlh: '9', aamb: 'blob', mcorgid: 'ORG@AdobeOrg', sdid: 'AB-CD' });
  });

  it('writes customer ids as cid.{code}.id / .as groups', () => {
    const q = buildQuery(hit({}), { customerIds: { advisorId: { id: 'A1', authState: 1 }, partyId: { id: 'P9', authState: 0 } } });
    expect(q).toContain('&cid.&advisorId.&id=A1&as=1&.advisorId&partyId.&id=P9&.partyId&.cid');
    expect(decodeQuery(q).cid).toEqual({ 'advisorId.id': 'A1', 'advisorId.as': '1', 'partyId.id': 'P9' });
  });

  it('nests dotted context data keys', () => {
    const q = buildQuery(hit({ contextData: { 'a.b': 'v', 'a.c': 'w', x: 1, flag: true, empty: '' } }), {});
    expect(q).toContain('&c.&a.&b=v&c=w&.a&x=1&flag=true&.c');
    expect(decodeQuery(q).contextData).toEqual({ 'a.b': 'v', 'a.c': 'w', x: '1', flag: 'true' });
  });

  it('sends the technology fields given and "error" where the browser gave none', () => {
    const d = decode(hit({}, { technology: { s: '1280x800', c: 'error', k: 'Y' } })).params;
    expect(d).toMatchObject({ s: '1280x800', c: 'error', k: 'Y' });
  });

  it('drops empty values and never sends undefined', () => {
    const d = decode(hit({ eVar1: '', prop2: undefined, eVar3: null, eVar4: 0 })).params;
    expect(Object.keys(d)).not.toContain('v1');
    expect(Object.keys(d)).not.toContain('c2');
    expect(Object.keys(d)).not.toContain('v3');
    expect(d.v4).toBe('0');
  });
});

describe('byte limits', () => {
  it.each([
    ['pageName', 'pageName', 100],
    ['channel', 'ch', 100],
    ['server', 'server', 100],
    ['prop1', 'c1', 100],
    ['eVar1', 'v1', 255],
    ['campaign', 'v0', 255],
  ])('cuts %s to %i bytes', (name, wire, limit) => {
    expect(decode(hit({ [name]: 'x'.repeat(400) })).params[wire]).toHaveLength(limit);
  });

  it('cuts on a character boundary (never half a UTF-8 character)', () => {
    const v = decode(hit({ prop1: 'é'.repeat(80) })).params.c1; // 160 bytes
    expect(v).toBe('é'.repeat(50));
    expect(truncateBytes('a😀b', 4)).toBe('a');
    expect(truncateBytes('a😀b', 5)).toBe('a😀');
  });

  it('replaces each lone surrogate by U+FFFD and keeps every pair, as a browser encodes them', () => {
    const hi = '\uD83D';
    const lo = '\uDE00';
    expect(wellFormed(`a${hi}${lo}b`)).toBe('a😀b');
    expect(wellFormed(`${hi}a${lo}`)).toBe('\uFFFDa\uFFFD');
    expect(wellFormed(`${lo}${hi}`)).toBe('\uFFFD\uFFFD');
    expect(wellFormed(`${hi}${hi}${lo}${lo}`)).toBe('\uFFFD😀\uFFFD');
    expect(wellFormed(hi)).toBe('\uFFFD');
    expect(wellFormed('plain é')).toBe('plain é');
  });

  it('encodes a value as AppMeasurement does: reserved marks escaped too, a lone surrogate as U+FFFD, plain text as it is', () => {
    expect(encode("it's (a*b)!")).toBe('it%27s%20%28a%2Ab%29%21');
    expect(encode('a b\uD83D\uDE00\uD83D')).toBe('a%20b%F0%9F%98%80%EF%BF%BD');
    expect(encode('é')).toBe('%C3%A9');
    expect(encode('plain-id_1.2~x')).toBe('plain-id_1.2~x');
  });

  it('cuts each list value to 255 bytes', () => {
    expect(decode(hit({ list1: ['x'.repeat(300), 'y'] })).params.l1).toBe(`${'x'.repeat(255)},y`);
  });

  it('sends purchaseID only as 1-20 letters or digits', () => {
    expect(decode(hit({ purchaseID: 'ABC123' })).params.purchaseID).toBe('ABC123');
    expect(decode(hit({ purchaseID: 'A'.repeat(21) })).params.purchaseID).toBeUndefined();
    expect(decode(hit({ purchaseID: 'AB-1' })).params.purchaseID).toBeUndefined();
    expect(warnings()).toContain('[tagc] Analytics purchaseID "AB-1" is not 1-20 letters or digits and was not sent');
  });

  it('stops events at 64 KB', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `event${i + 1}=${'9'.repeat(60)}`);
    const events = decode(hit({ events: many })).params.events;
    expect(events.length).toBeLessThanOrEqual(65536);
    expect(events.split(',').length).toBeLessThan(1000);
    expect(warnings().some((w) => w.includes('Analytics events exceed 65536 bytes'))).toBe(true);
  });

  it('stops products at 64 KB', () => {
    const list = Array.from({ length: 3000 }, (_, i) => ({ productInfo: { productID: `FUND-${i}-${'x'.repeat(20)}` }, quantity: 1 }));
    const products = decode(hit({ products: list })).params.products;
    expect(byteLength(products)).toBeLessThanOrEqual(65536);
    expect(products.split(',').length).toBeLessThan(3000);
  });

  it('stops context data at 32 KB', () => {
    const big = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'v'.repeat(500)]));
    const cd = decode(hit({ contextData: big })).contextData;
    expect(Object.keys(cd).length).toBeLessThan(100);
    expect(Object.entries(cd).reduce((n, [k, v]) => n + k.length + v.length + 2, 0)).toBeLessThanOrEqual(32768);
  });

  it('cuts the link name (pev2) to 100 bytes', () => {
    expect(decode(hit({}, { link: { name: 'n'.repeat(150), type: 'o' } })).params.pev2).toHaveLength(100);
  });
});

describe('events', () => {
  it('sends counters, numeric/currency values and serialised ids', () => {
    expect(decode(hit({ events: ['event61', 'event5=3.5', 'event1:ABC123', 'purchase', 'scCheckout', 'event1000'] })).params.events).toBe(
      'event61,event5=3.5,event1:ABC123,purchase,scCheckout,event1000',
    );
  });

  it('accepts a comma string', () => {
    expect(decode(hit({ events: 'event1, event2' })).params.events).toBe('event1,event2');
  });

  it.each(['Event1', 'event0', 'event1001', 'event5=abc', 'event1:ABC-123', `event1:${'A'.repeat(21)}`, 'prodview'])('drops "%s" with a warning', (bad) => {
    expect(decode(hit({ events: ['event2', bad] })).params.events).toBe('event2');
    expect(warnings().some((w) => w.includes(`"${bad}" is not a valid event`))).toBe(true);
  });
});

describe('products', () => {
  it('builds ;productID;quantity from the data layer product list', () => {
    const list = [{ productInfo: { productID: 'AGTHX' }, quantity: 2 }, { productInfo: { productID: 'AMCPX' }, quantity: 1 }];
    expect(decode(hit({ products: list })).params.products).toBe(';AGTHX;2,;AMCPX;1');
  });

  it('writes all six fields, removing ; , | from values', () => {
    const p = { category: 'fu;nds', id: 'A,B', quantity: 3, price: 12.5, events: ['event5=1', 'event6=2'], eVars: ['eVar9=x|y'] };
    expect(decode(hit({ products: [p] })).params.products).toBe('funds;AB;3;12.5;event5=1|event6=2;eVar9=xy');
  });

  it('omits a non-integer or non-positive quantity and skips products without an id', () => {
    expect(decode(hit({ products: [{ productInfo: { productID: 'X' }, quantity: 1.5 }, { quantity: 2 }] })).params.products).toBe(';X');
    expect(warnings()).toContain('[tagc] Analytics product without an id was not sent');
    const noQuantity = [null, undefined, 0, -1, '', 'x'].map((quantity) => ({ id: 'Q', quantity, price: 5 }));
    expect(decode(hit({ products: noQuantity })).params.products).toBe(';Q;;5,'.repeat(6).slice(0, -1));
    // A price is a finite number: text, null, a boolean, NaN and an infinity leave the field out.
    const prices = ['5', null, true, NaN, -Infinity, 2.5].map((price) => ({ id: 'P', quantity: 1, price }));
    expect(decode(hit({ products: prices })).params.products).toBe('P;1,P;1,P;1,P;1,P;1,P;1;2.5'.replace(/P/g, ';P'));
  });

  it('reads a quantity written as text, leaves empty list entries out, drops trailing empty fields, and takes one product alone', () => {
    const p = { id: 7, category: null, quantity: '4', price: Infinity, events: [null, 'event5=1'], eVars: 'eVar9=x' };
    expect(decode(hit({ products: p })).params.products).toBe(';7;4;;event5=1');
    expect(decode(hit({ products: [{ productInfo: { productID: 'Y' }, quantity: true, price: 3 }] })).params.products).toBe(';Y;1;3');
  });

  it('never writes null or undefined as a word: a product list of empty fields and entries, and every other variable empty', () => {
    const products = [
      null,
      { productInfo: { productID: 'A' }, quantity: null, category: undefined, events: [undefined, null, '', 'event5=1', null], eVars: [null, 'eVar9=x', undefined] },
      { id: 'B', events: [null], eVars: [undefined] },
    ];
    const empty = { pageName: null, channel: undefined, server: null, campaign: null, purchaseID: undefined, currencyCode: null, eVar7: null, prop5: undefined, list1: [null, undefined, 'a'], events: [null, undefined, 'event2'], contextData: { a: null, b: undefined, c: [null] } };
    const q = buildQuery(hit({ ...empty, products }), {});
    expect(decodeQuery(q).params.products).toBe(';A;;;event5=1;eVar9=x,;B');
    expect(decodeURIComponent(q)).not.toMatch(/null|undefined/);
  });

  it('skips a product whose id is not text or a number, and leaves out a field or list entry that is not: never "[object Object]"', () => {
    const ids = [{ sku: 'A' }, ['B'], true, NaN, Infinity, ';', ' '];
    const products = [...ids.map((id) => ({ productInfo: { productID: id }, quantity: 1 })), { id: { toString: () => 'C' } }, { id: 'D', category: { name: 'funds' }, events: [{ e: 1 }, ['event5=1'], 'event6=2', false], eVars: [{}, 'eVar9=x', [], NaN] }, { id: 0, category: ['funds'], events: [{}] }];
    expect(decode(hit({ products })).params.products).toBe(';D;;;event6=2;eVar9=x,;0');
    expect(warnings().filter((w) => w === '[tagc] Analytics product without an id was not sent')).toHaveLength(8);
    // An object without a prototype, whose String() throws, is left out the same way.
    const bare = Object.create(null) as object;
    expect(decode(hit({ products: [{ id: bare }, { id: 'E', category: bare, events: [bare, 'event5=1'] }] })).params.products).toBe(';E;;;event5=1');
  });

  it('sends a products string as given', () => {
    expect(decode(hit({ products: ';A;1;10' })).params.products).toBe(';A;1;10');
  });
});

describe('link hits', () => {
  const vars = { pageName: 'home', eVar22: 'e22', prop5: 'p5', channel: 'ch', events: ['event61', 'event5=2'], contextData: { 'a.b': '1', c: '2' } };
  const link = { name: 'CTA', url: 'https://www.firm.example/x', type: 'o' as const };

  it('sends pe=lnk_o, pev1 and pev2 and no pageName', () => {
    const d = decode(hit(vars, { link })).params;
    expect(d).toMatchObject({ pe: 'lnk_o', pev1: 'https://www.firm.example/x', pev2: 'CTA' });
    expect(d.pageName).toBeUndefined();
  });

  it('marks downloads lnk_d and exit links lnk_e', () => {
    expect(decode(hit({}, { link: { ...link, type: 'd' } })).params.pe).toBe('lnk_d');
    expect(decode(hit({}, { link: { ...link, type: 'e' } })).params.pe).toBe('lnk_e');
  });

  it('page views carry no pe', () => {
    expect(decode(hit(vars)).params.pe).toBeUndefined();
  });

  it('with empty linkTrackVars sends every variable set', () => {
    const d = decode(hit(vars, { link, linkTrackVars: '' }));
    expect(d.params).toMatchObject({ v22: 'e22', c5: 'p5', ch: 'ch', events: 'event61,event5=2' });
    expect(d.contextData).toEqual({ 'a.b': '1', c: '2' });
  });

  it('with linkTrackVars sends only those variables (plus the base set)', () => {
    const d = decode(hit(vars, { link, linkTrackVars: 'eVar22,contextData.a.b', referrer: 'https://r.example/' }), { mid: '42', mcorgid: 'O', aamb: 'B' });
    expect(d.params.v22).toBe('e22');
    expect(d.params.c5).toBeUndefined();
    expect(d.params.ch).toBeUndefined();
    expect(d.params.events).toBeUndefined();
    expect(d.params.aamb).toBeUndefined();
    expect(d.contextData).toEqual({ 'a.b': '1' });
    expect(d.params).toMatchObject({ mid: '42', mcorgid: 'O', g: 'https://www.firm.example/us/funds.html', r: 'https://r.example/', cc: 'USD' });
    expect(d.params.t).toBeDefined();
  });

  it('with linkTrackVars "None" sends only the base set', () => {
    const d = decode(hit(vars, { link, linkTrackVars: 'None', technology: { s: '1x1' } }));
    expect(Object.keys(d.params).sort()).toEqual(['AQB', 'AQE', 'cc', 'g', 'ndh', 'pe', 'pev1', 'pev2', 't']);
    expect(d.contextData).toEqual({});
  });

  it('with linkTrackEvents sends only those events, even if linkTrackVars omits events', () => {
    expect(decode(hit(vars, { link, linkTrackVars: 'eVar22', linkTrackEvents: 'event5' })).params.events).toBe('event5=2');
    expect(decode(hit(vars, { link, linkTrackVars: '', linkTrackEvents: 'event61' })).params.events).toBe('event61');
  });

  it('with linkTrackEvents "None" sends no events', () => {
    expect(decode(hit(vars, { link, linkTrackVars: 'events', linkTrackEvents: 'None' })).params.events).toBeUndefined();
  });

  it('without linkTrackEvents sends all events when linkTrackVars names events', () => {
    expect(decode(hit(vars, { link, linkTrackVars: 'events' })).params.events).toBe('event61,event5=2');
  });

  it('linkTrackVars and linkTrackEvents do not filter page views', () => {
    expect(decode(hit(vars, { linkTrackVars: 'None', linkTrackEvents: 'None' })).params).toMatchObject({ v22: 'e22', events: 'event61,event5=2' });
  });
});
