// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsClient } from '../../../runtime/analytics/client';
import { hitSent, type SentHit } from '../../../runtime/analytics/sent';
import { beaconParams, checkBeacon } from '../../../runtime/qa/checks';
import { startQa } from '../../../runtime/qa/report';
import { openEgress } from '../../helpers/egress';

const checks = (params: Record<string, string>) => checkBeacon(params).map((f) => `${f.check} ${f.key}`);

describe('analytics QA checks (spec §5)', () => {
  it('passes a well-formed beacon', () => {
    expect(checkBeacon({ pageName: 'home > Home', ch: 'US sites', v22: 'x', v250: 'y', c75: 'z', l3: 'a,b', events: 'event61,purchase,event5=3.5,event1:ABC123', products: ';P1;2;19.90;event5=1|event6;eVar3=x', cc: 'USD', purchaseID: 'ORDER123', c: '24', v: 'N' })).toEqual([]);
  });

  it('flags variable ranges and casing (max eVar index 250)', () => {
    expect(checks({ v251: 'x', c76: 'x', l4: 'x', V22: 'x' })).toEqual(['range v251', 'range c76', 'range l4', 'casing V22']);
  });

  it('flags byte limits, counting UTF-8 bytes', () => {
    expect(checks({ pageName: 'é'.repeat(51), v1: 'x'.repeat(256), c1: 'x'.repeat(100) })).toEqual(['byteLimit pageName', 'byteLimit v1']);
  });

  it('flags event string syntax and case', () => {
    expect(checkBeacon({ events: 'Event5,event0,event1001,prodview,event5=abc,event1:TOO-LONG-SERIAL-ID-123,bogus' }).map((f) => f.message)).toEqual([
      '"Event5": event names are case-sensitive (event5)',
      '"event0": custom events are event1 to event1000',
      '"event1001": custom events are event1 to event1000',
      '"prodview": event names are case-sensitive (prodView)',
      '"event5=abc": an event value must be numeric',
      '"event1:TOO-LONG-SERIAL-ID-123": a serialised event id is 1 to 20 letters or digits',
      '"bogus" is not an event',
    ]);
  });

  it('flags product string syntax, currency and purchase ID', () => {
    expect(checkBeacon({ products: ';P1;two;9.9,;;1,;P2;1;abc,a;b;1;2;e;f;g', cc: 'usd', purchaseID: 'ORDER-1' }).map((f) => f.message)).toEqual([
      '";P1;two;9.9": quantity must be a whole number',
      '";;1": the product id is missing',
      '";P2;1;abc": price must be numeric',
      '"a;b;1;2;e;f;g": a product has at most 6 fields (category;product;quantity;price;events;eVars)',
      'currency code "usd" must be three upper-case letters',
      'purchaseID "ORDER-1" must be 1 to 20 letters or digits',
    ]);
  });

  it('reads the parameters of a beacon URL and a POSTed body', () => {
    expect(beaconParams('https://m.example/b/ss/s/1/JS-2.27.0/s1?AQB=1&pageName=a%20b', 'v1=x&AQE=1')).toEqual({ AQB: '1', pageName: 'a b', v1: 'x', AQE: '1' });
  });
});

describe('QA reporting (spec §7)', () => {
  beforeEach(openEgress);
  afterEach(() => vi.unstubAllGlobals());

  it('reads the hosted configuration and posts each finding to /property-validations', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(url.includes('/config') ? JSON.stringify({ trackingItems: [{ id: 11, key: 'events', qaValueId: 22, qaTestId: 33 }] }) : '', { status: url.includes('/config') ? 200 : 204 });
    }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const analytics = {} as AnalyticsClient;
    const send = (hit: SentHit) => hitSent(analytics, hit);
    startQa(window as unknown as Window & typeof globalThis, analytics, { host: 'qa.firm.example', propertyId: 'PR-1', buildId: 'abc' });
    send({ url: 'https://metrics.firm.example/b/ss/x/1/JS-2.27.0/s1?AQB=1&pageName=ok&AQE=1', transport: 'image' });
    send({ url: 'https://metrics.firm.example/b/ss/x/1/JS-2.27.0/s2?AQB=1&events=Event5&AQE=1', transport: 'image' });
    await vi.waitFor(() => expect(calls).toHaveLength(2), { timeout: 15_000 });
    expect(calls[0].url).toBe('https://qa.firm.example/config?propertyId=PR-1&buildId=abc');
    expect(calls[1].url).toBe('https://qa.firm.example/property-validations');
    expect(JSON.parse(String(calls[1].init!.body))).toEqual({
      propertyTrackingItemId: 11,
      propertyTrackingItemQaValueId: 22,
      qaTestId: 33,
      message: '"Event5": event names are case-sensitive (event5)',
      key: 'events',
      propertyId: 'PR-1',
      buildId: 'abc',
      propertyValidationTypeId: 2,
    });
  });
});
