// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityPixelUrl } from '../../../runtime/actions/pixel';
import { injectScript, loadScript, scriptUrl } from '../../../runtime/actions/script';
import { noticeBlocked, noticeLanguage, noticeUrl, vendorId } from '../../../runtime/consent/notice';
import { setPageLoadFlag, sizeRequestForms, watchNoticePage } from '../../../runtime/consent/notice-page';
import { poll } from '../../../runtime/consent/poll';
import { overrideNoticeListener } from '../../../runtime/actions/consent-listener-override';
import { resetWindow } from '../../helpers/runtime';
import { openEgress } from '../../helpers/egress';

const setURL = (href: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(href);

const url = { base: 'https://consent.trustarc.example/notice', domainId: 'firm.example', vendorIds: { standard: '4122', test: '7149' }, testFlag: { key: 'consentTestMode', value: 'true' }, canadaPrefixes: ['/ca/', '/advisor/ca/'] };
const rules = { hosts: ['lts.firm.example', 'myretirement.firm.example'], pathPrefixes: ['/myplan/', '/ofr/'], crawlerAgents: ['bot', 'crawler'] };
const page = {
  link: { selector: '#teconsent a', every: 100, times: 100 },
  translation: { selector: '#truste-consent-text', every: 300, times: 50 },
  buttons: { selector: '#truste-consent-button', every: 10, times: 100 },
  stylingDelay: 1500,
  banner: '#consent_blackbar',
  lift: [{ selector: '.contact-us-button', offset: 120 }, { selector: '.accessibility-button', offset: 55 }],
  pageLoadCookie: { name: 'consentPageLoad', seconds: 60, skippedSeconds: 1 },
  requestForms: { selector: 'iframe[src*="privacy-request"]', height: 420 },
};

beforeEach(() => {
  openEgress();
  resetWindow();
  vi.useFakeTimers();
  document.body.innerHTML = '';
  document.documentElement.setAttribute('lang', 'en');
  setURL('https://www.firm.example/advisor/');
});
afterEach(() => vi.useRealTimers());

describe('the consent notice', () => {
  it('is built with the domain id, teconsent, nj, bb, the language and vendor 4122', () => {
    const u = new URL(noticeUrl(url, noticeLanguage(window, url.canadaPrefixes)));
    expect(Object.fromEntries(u.searchParams)).toEqual({ domain: 'firm.example', c: 'teconsent', js: 'nj', noticeType: 'bb', language: 'en-gb', vendorId: '4122' });
  });
  it('uses vendor 7149 when the test flag is in local storage', () => {
    localStorage.setItem('consentTestMode', 'true');
    expect(vendorId(url)).toBe('7149');
  });
  it('speaks en-ca and fr-ca on the Canada sites, en-gb for other English pages', () => {
    setURL('https://www.firm.example/advisor/ca/fr/');
    document.documentElement.setAttribute('lang', 'fr');
    expect(noticeLanguage(window, url.canadaPrefixes)).toBe('fr-ca');
    document.documentElement.setAttribute('lang', 'en');
    expect(noticeLanguage(window, url.canadaPrefixes)).toBe('en-ca');
    setURL('https://www.firm.example/europe/');
    expect(noticeLanguage(window, url.canadaPrefixes)).toBe('en-gb');
    // Outside the Canada paths, a -CA language tag (any case) is a Canada page; no tag is English.
    document.documentElement.setAttribute('lang', 'fr-CA');
    expect(noticeLanguage(window, url.canadaPrefixes)).toBe('fr-ca');
    document.documentElement.setAttribute('lang', 'de');
    expect(noticeLanguage(window, url.canadaPrefixes)).toBe('de');
    document.documentElement.removeAttribute('lang');
    expect(noticeLanguage(window, url.canadaPrefixes)).toBe('en-gb');
  });
  it.each([
    ['the long-term-support host', 'https://lts.firm.example/', 'host lts.firm.example'],
    ['a plan-site host', 'https://myretirement.firm.example/', 'host myretirement.firm.example'],
    ['my-plan paths', 'https://www.firm.example/myplan/x.html', 'path /myplan/'],
    ['ofr paths', 'https://www.firm.example/ofr/a', 'path /ofr/'],
  ])('is not loaded on %s', (_, href, why) => {
    setURL(href);
    expect(noticeBlocked(window, rules)).toBe(why);
  });
  it('is not loaded for search crawlers or in frames, and is loaded otherwise', () => {
    expect(noticeBlocked(window, rules)).toBeNull();
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => 'Googlebot/2.1' });
    expect(noticeBlocked(window, rules)).toBe('search crawler');
    delete (navigator as unknown as Record<string, unknown>).userAgent;
    const spy = vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    expect(noticeBlocked(window, rules)).toBe('framed page');
    spy.mockRestore();
  });
});

describe('the notice page', () => {
  it('polls for the link every 100 ms and stops after 100 attempts', () => {
    const found = vi.fn(() => false);
    poll(window, { selector: '#teconsent a', every: 100, times: 100 }, found);
    vi.advanceTimersByTime(100 * 99);
    expect(found).toHaveBeenCalledTimes(99);
    vi.advanceTimersByTime(100 * 50);
    expect(found).toHaveBeenCalledTimes(100);
    expect(vi.getTimerCount()).toBe(0);
  });
  it('marks the link, the translated text and the buttons when they appear, and stops polling', () => {
    watchNoticePage(window, page, 'fr-ca');
    document.body.innerHTML = '<div id="teconsent"><a>Cookies</a></div><div id="truste-consent-text">Témoins</div><button id="truste-consent-button">OK</button>';
    vi.advanceTimersByTime(300);
    expect(document.querySelector('#teconsent a')!.getAttribute('role')).toBe('button');
    expect(document.querySelector('#truste-consent-text')!.getAttribute('lang')).toBe('fr-ca');
    expect(document.querySelector('#truste-consent-button')!.getAttribute('type')).toBe('button');
    vi.advanceTimersByTime(2000);
    expect(vi.getTimerCount()).toBe(0);
  });
  it('styles the banner after 1.5 s and lifts contact-us by 120 px and accessibility by 55 px', () => {
    document.body.innerHTML = '<div id="consent_blackbar"><div>banner</div></div><a class="contact-us-button"></a><a class="accessibility-button"></a>';
    watchNoticePage(window, page, 'en-gb');
    vi.advanceTimersByTime(1499);
    expect(document.querySelector<HTMLElement>('.contact-us-button')!.style.bottom).toBe('');
    vi.advanceTimersByTime(1);
    expect(document.querySelector<HTMLElement>('#consent_blackbar')!.style.position).toBe('fixed');
    expect(document.querySelector<HTMLElement>('.contact-us-button')!.style.bottom).toBe('120px');
    expect(document.querySelector<HTMLElement>('.accessibility-button')!.style.bottom).toBe('55px');
  });
  it('sets the page-load flag cookie for 1 minute, or 1 s where consent is skipped', () => {
    const writes: string[] = [];
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    Object.defineProperty(doc, 'cookie', { get: () => '', set: (v: string) => void writes.push(v) });
    setPageLoadFlag(doc, page.pageLoadCookie, false);
    setPageLoadFlag(doc, page.pageLoadCookie, true);
    expect(writes[0]).toContain('max-age=60');
    expect(writes[1]).toContain('max-age=1;');
  });
  it('gives privacy request form iframes a height of 420 px', () => {
    document.body.innerHTML = '<iframe src="https://firm.example/privacy-request/form"></iframe><iframe src="https://x.example/"></iframe>';
    sizeRequestForms(document, page.requestForms);
    const [form, other] = [...document.querySelectorAll('iframe')];
    expect([form!.getAttribute('height'), form!.style.height]).toEqual(['420', '420px']);
    expect(other!.hasAttribute('height')).toBe(false);
  });
  it('silences the notice click listener for 13 s, then restores it', () => {
    const original = () => 'open';
    (window as unknown as Record<string, unknown>).truste = { eu: { clickListener: original } };
    const action = overrideNoticeListener({ listener: 'truste.eu.clickListener', restoreAfter: 13_000 });
    action.run({ runtime: { win: window } } as never);
    const eu = (window as unknown as { truste: { eu: { clickListener: () => unknown } } }).truste.eu;
    expect(eu.clickListener()).toBeUndefined();
    vi.advanceTimersByTime(12_999);
    expect(eu.clickListener).not.toBe(original);
    vi.advanceTimersByTime(1);
    expect(eu.clickListener).toBe(original);
  });
});

describe('pixels and scripts', () => {
  it('builds the activity pixel with every Floodlight field, a numeric ord and a closing ?', () => {
    const u = activityPixelUrl({ host: 'ad.doubleclick.net', src: '8765432', type: 'firm0', cat: 'pagev0' }, true, '1234567');
    expect(u).toBe('https://ad.doubleclick.net/ddm/activity/src=8765432;type=firm0;cat=pagev0;dc_lat=;dc_rdid=;tag_for_child_directed_treatment=;tfua=;npa=1;ord=1234567?');
  });
  it("shows tooling a script's timeout, the default 8000 ms where the rule gives none, after its name, URL and category", () => {
    const init = { global: 'G', method: 'm', args: [] };
    expect(JSON.stringify(loadScript({ name: 'x', url: 'https://a.example/x.js', sends: 'necessary', init }).params)).toBe(JSON.stringify({ name: 'x', url: 'https://a.example/x.js', sends: 'necessary', timeout: 8000, init }));
    expect(loadScript({ name: 'y', url: 'https://a.example/y.js', sends: 'analytics', timeout: 2000 }).params).toEqual({ name: 'y', url: 'https://a.example/y.js', sends: 'analytics', timeout: 2000 });
  });
  it('picks the script URL of the environment, none where it has none', () => {
    expect(scriptUrl({ prod: 'https://a.example/p.js', dev: 'https://a.example/d.js' }, 'dev')).toBe('https://a.example/d.js');
    expect(scriptUrl({ prod: 'https://a.example/p.js' }, 'test')).toBeUndefined();
  });
  it('gives injected scripts the nonce of the page script', () => {
    const own = document.createElement('script');
    own.setAttribute('nonce', 'abc123');
    document.head.appendChild(own);
    void injectScript(window, 'necessary', 'https://a.example/x.js').catch(() => undefined);
    const injected = [...document.querySelectorAll('script')].find((s) => s.src === 'https://a.example/x.js')!;
    expect(injected.nonce || injected.getAttribute('nonce')).toBe('abc123');
  });
});
