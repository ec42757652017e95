// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rule } from '../../../runtime/declare/types';
import { getCookie } from '../../../runtime/core/cookies';
import { consentSlot } from '../../../runtime/consent/gate';
import { site } from '../../../rules/site.config';
import partyIdRule from '../../../rules/page/party-id';
import loginStore from '../../../rules/page/login-complete-store';
import loginPush from '../../../rules/page/login-complete-push';
import targetingRule from '../../../rules/page/targeting-load';
import { ELEMENTS } from './context';
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';

// The page-level rules run by the real runtime (start, dispatch, resolver) in happy-dom; the
// network is the only thing replaced: window.fetch records each request and answers it.

const C = site.cookies;
const ADVISOR = 'https://www.firm.example/advisor/home.html';
const PLS = { event: 'Page Load Started', page: { pageName: 'advisor > home', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } };

interface Call {
  url: string;
  init: RequestInit | undefined;
}

let calls: Call[];
let answer: (url: string) => Promise<Response>;

function setUrl(url: string): void {
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);
}

function setCookies(...pairs: string[]): void {
  for (const p of pairs) document.cookie = `${p}; path=/`;
}

function start(rules: Rule[], consent = true) {
  const b = boot(rules, ELEMENTS, ['firm.example']);
  if (consent) consentSlot(b.runtime!.services).api = { granted: () => true };
  return b;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  resetWindow();
  calls = [];
  answer = async () => new Response('P123', { status: 200 });
  (window as unknown as { fetch: unknown }).fetch = (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return answer(String(url));
  };
});
afterEach(() => {
  restoreConsole();
  vi.useRealTimers();
});

describe('party id call (spec §7)', () => {
  it('GETs the party id once per page for a logged-in user with a login method and saves it', async () => {
    setUrl(ADVISOR);
    setCookies(`${C.visionSession[0]}=vs`, `${C.loginMethod}=password`);
    start([partyIdRule]);
    window.appEventData.push(PLS);
    window.appEventData.push(PLS);
    await flush();
    await flush();
    // fetch's defaults (a GET with same-origin credentials) where the init names neither.
    expect(calls.map((c) => [c.url, c.init?.method ?? 'GET', c.init?.credentials ?? 'same-origin'])).toEqual([[`https://www.firm.example${site.partyIdPath}`, 'GET', 'same-origin']]);
    expect(localStorage.getItem(site.storage.partyId)).toBe('P123');
  });

  it.each([
    ['JSON with a partyId field', '{"partyId":"P9"}', 'P9'],
    ['a JSON string', '"P8"', 'P8'],
    ['a JSON number', '42', '42'],
    ['a partyId number', '{"partyId":7}', '7'],
    ['plain text', 'P-7.x', 'P-7.x'],
    ['no id in a partyId object (nothing stored)', '{"partyId":{"id":"P1"}}', null],
    ['no id in an array (nothing stored)', '["P1"]', null],
    ['no id in an empty partyId (nothing stored)', '{"partyId":""}', null],
  ])('reads %s', async (_what, body, id) => {
    answer = async () => new Response(body, { status: 200 });
    setUrl(ADVISOR);
    setCookies(`${C.visionSession[0]}=vs`, `${C.loginMethod}=sso`);
    start([partyIdRule]);
    window.appEventData.push(PLS);
    await flush();
    await flush();
    expect(localStorage.getItem(site.storage.partyId)).toBe(id);
  });

  it('only logs "network response not ok" and stores nothing on an error status', async () => {
    answer = async () => new Response('no', { status: 500 });
    setUrl(ADVISOR);
    setCookies(`${C.visionSession[0]}=vs`, `${C.loginMethod}=password`);
    const b = start([partyIdRule]);
    window.appEventData.push(PLS);
    await flush();
    await flush();
    expect(b.errors).toEqual(['[tagc] party id error: network response not ok']);
    expect(localStorage.getItem(site.storage.partyId)).toBeNull();
  });

  it('only logs a network failure', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    setUrl(ADVISOR);
    setCookies(`${C.visionSession[0]}=vs`, `${C.loginMethod}=password`);
    const b = start([partyIdRule]);
    window.appEventData.push(PLS);
    await flush();
    expect(b.errors).toEqual(['[tagc] party id error: Failed to fetch']);
  });

  it.each([
    ['a party cookie exists', [`${C.visionSession[0]}=vs`, `${C.loginMethod}=password`, `${C.party}=P1`]],
    ['there is no login method', [`${C.visionSession[0]}=vs`]],
    ['the user is not logged in', [`${C.loginMethod}=password`]],
  ])('makes no call when %s', async (_what, cookies) => {
    setUrl(ADVISOR);
    setCookies(...cookies);
    start([partyIdRule]);
    window.appEventData.push(PLS);
    await flush();
    expect(calls).toEqual([]);
  });
});

describe('Login Complete after login success (spec §4)', () => {
  it('stores the event, removes the login-method cookie, and pushes it after the page has loaded', () => {
    setUrl(ADVISOR);
    setCookies(`${C.visionSession[0]}=vs`, `${C.loginMethod}=password`);
    start([loginStore, loginPush]);
    window.appEventData.push(PLS);
    expect(JSON.parse(sessionStorage.getItem(site.storage.pendingLoginComplete)!)).toEqual({
      event: 'Login Complete',
      userStatus: { loginMethod: 'password', siteLoginStatus: 'logged in' },
      process: { processStepLabel: 'advisor login', processStepValue: 'complete' },
    });
    // happy-dom keeps an expired cookie as an empty value; a browser drops it. Either reads as absent.
    expect(getCookie(C.loginMethod) || undefined).toBeUndefined();
    expect(window.appEventData.filter((e) => (e as { event?: string }).event === 'Login Complete')).toHaveLength(0);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(window.appEventData.filter((e) => (e as { event?: string }).event === 'Login Complete')).toHaveLength(1);
    expect(sessionStorage.getItem(site.storage.pendingLoginComplete)).toBeNull();
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(window.appEventData.filter((e) => (e as { event?: string }).event === 'Login Complete')).toHaveLength(1);
  });

  it('pushes an event stored on an earlier page', () => {
    setUrl(ADVISOR);
    sessionStorage.setItem(site.storage.pendingLoginComplete, JSON.stringify({ event: 'Login Complete', userStatus: { loginMethod: 'sso' }, process: {} }));
    start([loginStore, loginPush]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(window.appEventData.some((e) => (e as { event?: string }).event === 'Login Complete')).toBe(true);
  });

  it('keeps the cookie and stores nothing when the user is not logged in', () => {
    setUrl(ADVISOR);
    setCookies(`${C.loginMethod}=password`);
    start([loginStore, loginPush]);
    window.appEventData.push(PLS);
    expect(sessionStorage.getItem(site.storage.pendingLoginComplete)).toBeNull();
    expect(document.cookie).toContain(`${C.loginMethod}=password`);
  });

  it('never pushes a stored entry that is not a Login Complete event', () => {
    setUrl(ADVISOR);
    sessionStorage.setItem(site.storage.pendingLoginComplete, JSON.stringify({ event: 'Page Load Completed' }));
    start([loginPush]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(window.appEventData.filter((e) => (e as { event?: string }).event === 'Page Load Completed')).toHaveLength(1);
  });
});

describe('targeting load (spec §5, §7)', () => {
  const profile = `${C.userProfile}=isGenericUser%3Dfalse%7CfirmId%3DF1%7Cfirm%3DAcme`;

  it('POSTs the page-load request with the personalization parameters, without role or not-pisces', async () => {
    setUrl('https://www.firm.example/us/home.html');
    setCookies(profile, `${C.dealerInfo}=D1%26B2%26R3`, `${C.userId}=U1`, `${C.role}=advisor`, `${C.segment}=s`, `${C.party}=P1`);
    document.body.innerHTML = '<div data-component="dynamic-hero"></div>';
    answer = async () => new Response(JSON.stringify({ status: 200, id: { tntId: 'tnt.1' } }), { status: 200 });
    start([targetingRule]);
    window.appEventData.push({ event: 'Page Load Started', page: { siteCountry: 'us' }, user: { advisorId: 'A1', investorId: 'G1', visionId: 'V1', dealerCode: 'DC' } });
    await flush();
    await flush();
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect([url.host, url.pathname, url.searchParams.get('client'), url.searchParams.get('version')]).toEqual([site.hosts.abEdge, '/rest/v1/delivery', site.ids.abClientCode, site.targeting.version]);
    expect(calls[0]!.init?.method).toBe('POST');
    const body = JSON.parse(String(calls[0]!.init?.body)) as { execute: { pageLoad: { parameters: Record<string, string> } }; context: { channel: string } };
    expect(body.context.channel).toBe('web');
    expect(body.execute.pageLoad.parameters).toEqual({
      userId: 'U1', advisorId: 'A1', investorGUID: 'G1', firmId: 'F1', firmName: 'Acme', partyId: 'P1', visionId: 'V1', dealerCode: 'DC',
      dealerRep: 'R3', dealerInfo: 'D1|B2|R3', dealerBranch: 'B2', isGenericUser: 'false',
    });
    expect(document.cookie).toMatch(/mbox=session%23[0-9a-f]{32}%23\d+%7CPC%23tnt\.1%23\d+/);
  });

  it('takes an empty 204 answer as no offers, and warns on an error answer', async () => {
    setUrl('https://www.firm.example/us/home.html');
    answer = async () => new Response(null, { status: 204 });
    const b = start([targetingRule]);
    window.appEventData.push({ event: 'Page Load Started' });
    await flush();
    await flush();
    expect(calls).toHaveLength(1);
    expect(b.warnings).toEqual([]);
    answer = async () => new Response(JSON.stringify({ status: 400, message: 'bad request' }), { status: 400 });
    window.appEventData.push({ event: 'Page Load Started' });
    await flush();
    await flush();
    expect(b.warnings).toEqual(['[tagc] targeting request failed: bad request']);
  });

  it('is skipped without web-performance consent', async () => {
    setUrl('https://www.firm.example/us/home.html');
    const b = start([targetingRule], false);
    window.appEventData.push({ event: 'Page Load Started' });
    await flush();
    expect(calls).toEqual([]);
    expect(b.skipped).toContain('targeting-load');
  });

  it.each([
    ['a non-US audience URL', 'https://www.firm.example/eacg/home.html', 'us'],
    ['a non-US site country', 'https://www.firm.example/us/home.html', 'gb'],
    ...['no', 'li', 'se', 'at', 'is', 'dk', 'fi', 'pt', 'ca', 'jp'].map((c) => [`excluded country ${c}`, 'https://www.firm.example/us/home.html', c] as [string, string, string]),
  ])('is not loaded for %s', async (_what, url, country) => {
    setUrl(url);
    start([targetingRule]);
    window.appEventData.push({ event: 'Page Load Started', page: { siteCountry: country } });
    await flush();
    expect(calls).toEqual([]);
  });

  it('is not loaded with the mboxDisable cookie or parameter', async () => {
    setUrl(`https://www.firm.example/us/home.html?${site.flags.abDisable}=1`);
    start([targetingRule]);
    window.appEventData.push({ event: 'Page Load Started' });
    await flush();
    expect(calls).toEqual([]);
  });

  it('gives up after 1 s and only warns; the page view is not held', async () => {
    vi.useFakeTimers();
    setUrl('https://www.firm.example/us/home.html');
    answer = (u) =>
      new Promise((_resolve, reject) => {
        const init = calls.find((c) => c.url === u)!.init!;
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const seen: string[] = [];
    const b = start([targetingRule, { ...targetingRule, id: 'after', events: ['Page Load Completed'], consent: null, conditions: [], actions: [{ kind: 'custom', params: {}, sends: 'necessary', run: () => void seen.push('page view') }] } as Rule]);
    window.appEventData.push({ event: 'Page Load Started' });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['page view']);
    await vi.advanceTimersByTimeAsync(site.targeting.timeout - 1);
    expect(b.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(b.warnings).toEqual([`[tagc] targeting request failed: timeout after ${site.targeting.timeout} ms`]);
  });
});
