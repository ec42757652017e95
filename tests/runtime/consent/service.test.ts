// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trustArcConsent, oneTrustConsent } from '../../../runtime/actions/consent-provider';
import { consentGranted } from '../../../runtime/conditions/consent';
import { consentChanged, consentDeclined, consentGiven } from '../../../runtime/events/consent';
import { rule } from '../../../runtime/declare';
import { oneTrustProvider } from '../../../runtime/consent/onetrust';
import { trustArcProvider } from '../../../runtime/consent/trustarc';
import { grantsOf } from '../../../runtime/consent/types';
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';

const setURL = (href: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(href);

const levels = { analytics: 1, performance: 1, advertising: 2 };
const groups = { analytics: 'C0002', performance: 'C0003', advertising: 'C0004' };
const settings = {
  skip: { hosts: ['author.firm.example', 'localhost'], pathPrefixes: ['/advisor/webinars/restricted/'], paths: ['/privacy/cookie-policy.html'], query: { name: 'skipconsent', value: '1' }, global: 'skipConsent' },
  suppressionCookie: { name: 'consentSuppressed', days: 365 },
};

function setCookieAtRoot(pair: string): void {
  document.cookie = `${pair}; path=/`;
}

function at(url: string): void {
  setURL(url);
}

function submitTrustArc(): void {
  window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ source: 'preference_manager', message: 'submit_preferences' }) }));
}

function container(provider = trustArcConsent({ levels, ...settings })) {
  const seen: string[] = [];
  const record = (label: string) => ({ label, sends: 'necessary' as const, run: () => void seen.push(label) });
  const rules = [
    rule({ id: 'consent-provider', description: 'x', events: ['Page Load Started' as never], order: 1, actions: [provider] }),
    rule({ id: 'ads', description: 'x', events: ['Page Load Completed' as never], consent: 'advertising', actions: [record('ads')] }),
    rule({ id: 'analytics', description: 'x', events: ['Page Load Completed' as never], conditions: [consentGranted('analytics', { exceptPaths: ['/advisor/client-accounts/home.html'] })], actions: [record('analytics')] }),
    rule({ id: 'perf', description: 'x', events: ['Page Load Completed' as never], consent: 'performance', actions: [record('perf')] }),
    rule({ id: 'on-given', description: 'x', events: [consentGiven()], actions: [record('given')] }),
    rule({ id: 'on-changed', description: 'x', events: [consentChanged()], actions: [record('changed')] }),
    rule({ id: 'on-declined', description: 'x', events: [consentDeclined()], actions: [record('declined')] }),
  ];
  const booted = boot(rules);
  const push = (event: string) => (window as unknown as { appEventData: unknown[] }).appEventData.push({ event });
  return { seen, booted, push };
}

beforeEach(() => {
  resetWindow();
  vi.useFakeTimers();
  at('https://www.firm.example/advisor/');
  (window as unknown as Record<string, unknown>).appEventData = [];
});
afterEach(() => {
  vi.useRealTimers();
  restoreConsole();
  delete (window as unknown as Record<string, unknown>).skipConsent;
});

describe('TrustArc-kind provider', () => {
  const p = trustArcProvider({ levels });
  it('reads no decision when neither cookie is stored', () => {
    expect(p.read(window)).toBeNull();
  });
  it('maps notice_gdpr_prefs levels to categories', () => {
    setCookieAtRoot('notice_gdpr_prefs=0,2:');
    expect(p.read(window)).toEqual({ analytics: false, performance: false, advertising: true });
  });
  it('reads a level past the spaces around it and skips an empty part', () => {
    setCookieAtRoot('notice_gdpr_prefs=0, ,,2 :x');
    expect(p.read(window)).toEqual({ analytics: false, performance: false, advertising: true });
  });
  it('reads a cmapi level past the spaces around it and skips an empty part', () => {
    setCookieAtRoot('cmapi_cookie_privacy=permit 1 , ,2');
    expect(p.read(window)).toEqual({ analytics: true, performance: true, advertising: false });
  });
  it('falls back to the 1-based cmapi_cookie_privacy list', () => {
    setCookieAtRoot('cmapi_cookie_privacy=permit 1,2');
    expect(p.read(window)).toEqual({ analytics: true, performance: true, advertising: false });
  });
  it('writes both cookies the way the notice does', () => {
    p.write!(window, grantsOf(['all']));
    expect(document.cookie).toContain('notice_gdpr_prefs=0%2C1%2C2%3A');
    expect(p.read(window)).toEqual(grantsOf(['all']));
    p.write!(window, grantsOf(['analytics']));
    // analytics shares level 1 with performance: the level is accepted only when both are.
    expect(p.read(window)).toEqual(grantsOf([]));
  });
});

describe('OneTrust-kind provider', () => {
  const p = oneTrustProvider({ groups });
  it('reads every combination of the three categories from OptanonConsent groups', () => {
    const cats = ['analytics', 'advertising', 'performance'];
    for (let mask = 0; mask < 8; mask++) {
      const list = cats.filter((_, i) => mask & (1 << i));
      p.write!(window, grantsOf(list));
      expect(p.read(window)).toEqual(grantsOf(list));
    }
  });
  it('reads no decision without the cookie', () => {
    expect(p.read(window)).toBeNull();
  });
});

describe('consent gates at run time', () => {
  it('runs every gated rule when no consent is stored (no stored consent means all)', () => {
    const { seen, push } = container();
    push('Page Load Started');
    push('Page Load Completed');
    expect(seen).toEqual(['ads', 'analytics', 'perf']);
  });

  it('skips rules whose category is not granted, with a ruleSkipped monitor event', () => {
    setCookieAtRoot('notice_gdpr_prefs=0,1:');
    const { seen, push, booted } = container();
    push('Page Load Started');
    push('Page Load Completed');
    expect(seen).toEqual(['given', 'analytics', 'perf']);
    expect(booted.skipped).toContain('ads');
  });

  it('keeps every gated rule closed before the provider has started', () => {
    const { seen, push } = container();
    push('Page Load Completed');
    expect(seen).toEqual([]);
  });

  it('lets analytics run on the client-accounts home page without analytics consent', () => {
    at('https://www.firm.example/advisor/client-accounts/home.html');
    setCookieAtRoot('notice_gdpr_prefs=0:');
    const { seen, push } = container();
    push('Page Load Started');
    push('Page Load Completed');
    expect(seen).toEqual(['analytics']);
  });

  it.each([
    ['the authoring host', 'https://author.firm.example/advisor/'],
    // The page's host as location.hostname gives it: the URL parser lower-cases it.
    ['the authoring host written in upper case', 'https://AUTHOR.Firm.Example/advisor/'],
    ['localhost', 'http://localhost/advisor/'],
    ['the skip query flag', 'https://www.firm.example/advisor/?skipconsent=1'],
    ['a restricted-webinar path', 'https://www.firm.example/advisor/webinars/restricted/q3.html'],
    ['a cookie page', 'https://www.firm.example/privacy/cookie-policy.html'],
  ])('grants everything on %s even after a decline', (_, url) => {
    at(url);
    setCookieAtRoot('notice_gdpr_prefs=0:');
    const { seen, push } = container();
    push('Page Load Started');
    push('Page Load Completed');
    expect(seen).toEqual(['given', 'ads', 'analytics', 'perf']);
  });

  it('grants everything with the window skip flag', () => {
    (window as unknown as Record<string, unknown>).skipConsent = true;
    setCookieAtRoot('notice_gdpr_prefs=0:');
    const { seen, push } = container();
    push('Page Load Started');
    push('Page Load Completed');
    expect(seen).toContain('ads');
  });
});

describe('consent events', () => {
  it('fires consent-given for a stored decision, and again once the window has loaded', async () => {
    setCookieAtRoot('notice_gdpr_prefs=0,1,2:');
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const { seen, push } = container();
    push('Page Load Started');
    expect(seen).toEqual(['given']);
    window.dispatchEvent(new Event('load'));
    expect(seen).toEqual(['given', 'given']);
    delete (document as unknown as Record<string, unknown>).readyState;
  });

  it('fires consent-given when the visitor first accepts', async () => {
    const { seen, push } = container();
    push('Page Load Started');
    setCookieAtRoot('notice_gdpr_prefs=0,1,2:');
    submitTrustArc();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['given']);
  });

  it('fires declined and sets the suppression cookie with the date on a decline, and closes the gates', async () => {
    vi.setSystemTime(new Date('2026-03-04T05:06:07.000Z'));
    const { seen, push } = container();
    push('Page Load Started');
    setCookieAtRoot('notice_gdpr_prefs=0:');
    submitTrustArc();
    await vi.advanceTimersByTimeAsync(0);
    push('Page Load Completed');
    expect(seen).toEqual(['declined']);
    expect(decodeURIComponent(document.cookie)).toContain('consentSuppressed=2026-03-04T05:06:07.000Z');
  });

  it('fires consent-changed when a stored decision changes, and not when it stays the same', async () => {
    setCookieAtRoot('notice_gdpr_prefs=0,1:');
    const { seen, push } = container();
    push('Page Load Started');
    submitTrustArc();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.filter((s) => s === 'changed')).toEqual([]);
    setCookieAtRoot('notice_gdpr_prefs=0,1,2:');
    submitTrustArc();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.filter((s) => s === 'changed')).toEqual(['changed']);
    push('Page Load Completed');
    expect(seen).toContain('ads');
  });

  it('fires consent-changed when a declined visitor accepts later', async () => {
    setCookieAtRoot('notice_gdpr_prefs=0:');
    const { seen, push } = container();
    push('Page Load Started');
    setCookieAtRoot('notice_gdpr_prefs=0,1,2:');
    submitTrustArc();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['changed']);
  });

  it('follows OneTrustGroupsUpdated with the OneTrust adapter', async () => {
    const p = oneTrustProvider({ groups });
    const { seen, push } = container(oneTrustConsent({ groups, ...settings }));
    push('Page Load Started');
    p.write!(window, grantsOf(['performance']));
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
    await vi.advanceTimersByTimeAsync(0);
    push('Page Load Completed');
    expect(seen).toEqual(['given', 'perf']);
  });
});
