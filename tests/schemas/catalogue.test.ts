import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventSchemaDeclaration } from '../../runtime/declare/types';
import type { Validator } from '../../runtime/validation/errors';
import { describeError } from '../../runtime/validation/errors';
import { REPO } from '../helpers/container';
import { compiledValidators, exampleOf, invalidVariants, loadCatalogue, type Json } from './catalogue';

// Spec §3 event catalogue: every event the spec names has a schema; every schema (read from the
// declarations, so that adding an event needs no test edit) accepts its example and rejects the
// invalid variants derived from it, checked with the validators the dev bundle carries.

const SPEC_EVENTS = [
  'Page Load Started', 'Login Started', 'Login Step', 'Login Complete', 'Login Failure', 'Login Lockout', 'Abandonment',
  'Account Activity', 'Self Service Started', 'Self Service Completed', 'Article Click', 'Content Loaded', 'Content Downloads',
  'Content Share', 'CTA Clicked', 'Global Navigation Click', 'Modal Load', 'Newsletter SignUp Completed', 'Hover',
  'Error Message Presented', 'Fund Additions', 'Fund Removed', 'Onsite Promo Click', 'Onsite Promo View',
  'Onsite Search Succeeded', 'Onsite Search Failed', 'Search Performed', 'Page Heartbeat', 'Page Scroll', 'Poll Vote',
  'Multi-Media Started', 'Multi-Media Reached 25%', 'Multi-Media Reached 50%', 'Multi-Media Reached 75%',
  'Multi-Media Completed', 'Multi-Media Chapter Click', 'Multi-Media Play Time', 'Logout', 'Page Load Completed',
  'Podcast Play Time', 'Tool Create PDF', 'User Signed Out',
  // the spec's "other named events": cart, sign-in, password reset, two-factor, newsletter
  'Cart Item Added', 'Cart Item Removed', 'Cart Viewed', 'Sign In Started', 'Sign In Completed', 'Password Reset Started',
  'Password Reset Completed', 'Two-Factor Started', 'Two-Factor Completed', 'Newsletter SignUp Started',
];

const catalogue: EventSchemaDeclaration[] = await loadCatalogue();
const CATALOGUE = catalogue.map((d) => d.event);
let validators: Record<string, Validator>;
const byEvent = (event: string) => catalogue.find((d) => d.event === event)!;

beforeAll(async () => {
  validators = await compiledValidators(catalogue);
});

const verdict = (event: string, payload: unknown) => {
  const v = validators[event];
  const ok = v(payload);
  return { ok, errors: (v.errors ?? []).map(describeError) };
};

describe('the event catalogue', () => {
  it('has one schema for every event the spec names, and one per event', () => {
    expect(CATALOGUE).toEqual(expect.arrayContaining(SPEC_EVENTS));
    expect(new Set(CATALOGUE).size).toBe(CATALOGUE.length);
  });

  it('has a payload type for every event in the generated types', () => {
    const generated = readFileSync(join(REPO, 'schemas', 'generated', 'payloads.ts'), 'utf8');
    for (const event of CATALOGUE) expect(generated).toContain(`${JSON.stringify(event)}: `);
  });

  it('says in the Self Service Started schema that it follows its sibling', () => {
    expect(byEvent('Self Service Started').description).toMatch(/cuts this entry off.*follows its sibling Self Service Completed/);
    expect(byEvent('Self Service Started').schema.required).toEqual(byEvent('Self Service Completed').schema.required);
  });

  it.each(CATALOGUE)('%s accepts its example and rejects at least three invalid payloads', (event) => {
    const d = byEvent(event);
    expect(verdict(event, exampleOf(d))).toEqual({ ok: true, errors: [] });
    const invalid = invalidVariants(d);
    expect(invalid.length).toBeGreaterThanOrEqual(3);
    for (const { why, payload } of invalid) expect(verdict(event, payload).ok, `${event} ${why}`).toBe(false);
    expect(verdict(event, 'not an object').errors).toContainEqual({ kind: 'invalid type', path: '', detail: 'should be object' });
  });
});

describe('field rules of spec §3 and §5', () => {
  const pls = () => JSON.parse(JSON.stringify(exampleOf(byEvent('Page Load Started')))) as Json & { page: Json; user: Json };

  it('accepts http(s) base URLs without query characters only', () => {
    for (const ok of ['https://www.firm.example/us/funds.html', 'http://localhost', 'https://a.example/']) {
      const p = pls();
      p.page.baseURL = ok;
      expect(verdict('Page Load Started', p).ok, ok).toBe(true);
    }
    for (const bad of ['https://www.firm.example/us/funds.html?x=1', 'https://a.example/#top', 'https://a.example/a&b', 'ftp://a.example/', 'www.firm.example/x', '']) {
      const p = pls();
      p.page.baseURL = bad;
      expect(verdict('Page Load Started', p).errors, bad).toContainEqual(expect.objectContaining({ kind: 'string does not match pattern', path: 'page.baseURL' }));
    }
  });

  it('wants two letters for siteCountry and ll or ll-CC for siteLanguage', () => {
    const check = (field: string, value: string) => {
      const p = pls();
      p.page[field] = value;
      return verdict('Page Load Started', p).ok;
    };
    expect(['us', 'CA', 'Gb'].map((v) => check('siteCountry', v))).toEqual([true, true, true]);
    expect(['usa', 'u', 'u1', ''].map((v) => check('siteCountry', v))).toEqual([false, false, false, false]);
    expect(['en', 'en-us', 'fr-CA'].map((v) => check('siteLanguage', v))).toEqual([true, true, true]);
    expect(['EN', 'en_us', 'en-usa', 'eng', 'en-'].map((v) => check('siteLanguage', v))).toEqual([false, false, false, false, false]);
  });

  it('wants every listed page and user field, and allows the optional ones to be missing', () => {
    const p = pls();
    delete p.user.planId;
    delete p.page.siteSection4;
    expect(verdict('Page Load Started', p).errors.map((e) => [e.kind, e.path])).toEqual([
      ['missing required property', 'page.siteSection4'],
      ['missing required property', 'user.planId'],
    ]);
    const q = pls();
    q.page.workfrontID = 'WF-1';
    q.user.planICU = '';
    expect(verdict('Page Load Started', q).ok).toBe(true);
  });

  it('wants product list items with an integer quantity of at least 1 and a productInfo.productID', () => {
    const base = exampleOf(byEvent('Fund Additions'));
    const withItem = (item: unknown) => ({ ...base, product: [item] });
    expect(verdict('Fund Additions', withItem({ productInfo: { productID: 'X' }, quantity: 3 })).ok).toBe(true);
    expect(verdict('Fund Additions', withItem({ productInfo: { productID: 'X' }, quantity: 0 })).errors).toContainEqual({ kind: 'value below minimum', path: 'product.0.quantity', detail: 'limit >=1' });
    expect(verdict('Fund Additions', withItem({ productInfo: { productID: 'X' }, quantity: 1.5 })).errors).toContainEqual({ kind: 'invalid type', path: 'product.0.quantity', detail: 'should be integer' });
    expect(verdict('Fund Additions', withItem({ productInfo: {}, quantity: 1 })).errors).toContainEqual({ kind: 'missing required property', path: 'product.0.productInfo.productID', detail: 'is required' });
    expect(verdict('Fund Additions', { ...base, product: [] }).errors).toContainEqual(expect.objectContaining({ kind: 'array too short', path: 'product' }));
  });

  it('types the fields the spec types: Playtime a number, onsiteSearch.numResults a string, tool.processStep a boolean', () => {
    const play = exampleOf(byEvent('Multi-Media Play Time')) as Json & { MultiMedia: Json };
    expect(verdict('Multi-Media Play Time', { ...play, MultiMedia: { ...play.MultiMedia, Playtime: '42' } }).errors).toContainEqual({ kind: 'invalid type', path: 'MultiMedia.Playtime', detail: 'should be number' });
    const search = exampleOf(byEvent('Search Performed')) as Json & { onsiteSearch: Json };
    expect(verdict('Search Performed', { ...search, onsiteSearch: { ...search.onsiteSearch, numResults: 34 } }).errors).toContainEqual({ kind: 'invalid type', path: 'onsiteSearch.numResults', detail: 'should be string' });
    const ss = exampleOf(byEvent('Self Service Completed'));
    expect(verdict('Self Service Completed', { ...ss, tool: { processStep: 'true' } }).errors).toContainEqual({ kind: 'invalid type', path: 'tool.processStep', detail: 'should be boolean' });
    expect(verdict('Multi-Media Chapter Click', { ...exampleOf(byEvent('Multi-Media Chapter Click')), MultiMedia: { MultiMediaName: 'a', MultiMediaType: 'video' } }).errors).toContainEqual(
      expect.objectContaining({ kind: 'missing required property', path: 'MultiMedia.chapterName' }),
    );
  });

  it('accepts field names joined by a vertical bar for abandonment, never an empty name', () => {
    const a = exampleOf(byEvent('Abandonment')) as Json & { abandonment: Json };
    const ok = (v: string) => verdict('Abandonment', { ...a, abandonment: { ...a.abandonment, userinputfields: v } }).ok;
    expect([ok('email'), ok('firstName|email'), ok('a||b'), ok('|a'), ok('')]).toEqual([true, true, false, false, false]);
  });
});
