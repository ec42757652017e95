// The page both stacks are measured on. Identical for tagc and the peer except for the library and
// the one line that registers a rule monitor (tagc's `__tagcMonitors`, Turbine's
// `_satellite._monitors`), on the same hook in both: `ruleTriggered`, the moment an event reaches a
// rule, before its conditions run (Turbine notifies it before queueing the rule). The visitor has
// accepted every consent category, so every analytics rule runs: the consent cookie is in the
// browser's jar before the page loads (`grantConsent`), as a returning visitor's is, not written by
// a page script (a cookie write no real page makes, inside the task measured). The prelude queues Page Load Started, records each analytics hit (image, sendBeacon or fetch to
// /b/ss/) with its time, and defines the in-page measurements the harness calls by name. Plain ES5 strings: nothing of the harness's transpiler reaches the page.

import type { BrowserContext } from 'playwright-core';

export type Stack = 'tagc' | 'peer';

export interface BenchPageOptions {
  /** The library, inlined: start-up is then its parse, compile and run, without the harness's network. */
  code?: string;
  /** Instead of `code`: the library's URL, loaded as the embed snippet loads it (a parser-blocking script the browser may compile off the main thread). */
  src?: string;
  stack: Stack;
  /** Rule ids of Page Load Started: the first one reached ends start-up. */
  pageLoadStartedRules: readonly string[];
}

export const PAGE_LOAD_STARTED = { event: 'Page Load Started', page: { pageName: 'bench > page', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en', pageType: 'article' } };
export const PAGE_LOAD_COMPLETED = { event: 'Page Load Completed' };
export const CTA_CLICKED = { event: 'CTA Clicked', linkInfo: { linkId: 'open-account', customLinkName: 'Open an account', linkType: 'cta', linkText: 'Open an account', linkURL: '/open' } };

const PRELUDE = `
var B = window.__bench = { t0: 0, t1: 0, firstRule: null, hits: [] };
function record(url, body) {
  url = String(url);
  if (url.indexOf('/b/ss/') < 0) return;
  B.hits.push({ t: performance.now(), link: /[?&]pe=lnk_/.test(url + '&' + (body || '')) });
}
var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
Object.defineProperty(HTMLImageElement.prototype, 'src', { configurable: true, enumerable: src.enumerable, get: src.get, set: function (v) { record(v); src.set.call(this, v); } });
var sendBeacon = navigator.sendBeacon;
navigator.sendBeacon = function (url, body) { record(url, body); return sendBeacon.apply(navigator, arguments); };
var fetch0 = window.fetch;
window.fetch = function (url, init) { record(url, init && init.body); return fetch0.apply(window, arguments); };
B.reached = function (id) { if (B.firstRule === null && B.pls[id]) B.firstRule = performance.now(); };
function waitHit(from, link, deadline) {
  return new Promise(function (resolve) {
    (function check() {
      for (var i = from; i < B.hits.length; i++) if (B.hits[i].link === link) return resolve(B.hits[i]);
      if (performance.now() > deadline) return resolve(null);
      setTimeout(check, 0);
    })();
  });
}
function copy(x) { return JSON.parse(JSON.stringify(x)); }
/* ms from each push until its hit (link or page view), pushes one after another; NaN when none came. */
B.dispatch = function (entry, link, count) {
  var out = [];
  function next() {
    if (out.length >= count) return Promise.resolve(out);
    var from = B.hits.length, t0 = performance.now();
    window.appEventData.push(copy(entry));
    return waitHit(from, link, t0 + 2000).then(function (hit) {
      out.push(hit ? hit.t - t0 : NaN);
      return new Promise(function (r) { setTimeout(r, 0); }).then(next);
    });
  }
  return next();
};
/* count pushes in one task; resolves with the link hits that came within 5 s. */
B.burst = function (entry, count) {
  var from = B.hits.length, t0 = performance.now();
  for (var i = 0; i < count; i++) window.appEventData.push(copy(entry));
  return new Promise(function (resolve) {
    (function check() {
      var n = 0;
      for (var j = from; j < B.hits.length; j++) if (B.hits[j].link) n++;
      if (n >= count || performance.now() - t0 > 5000) return resolve(n);
      setTimeout(check, 0);
    })();
  });
};
`;

const inline = (code: string) => code.replace(/<\/script/gi, '<\\/script').replace(/\/\/# sourceMappingURL=.*$/m, '');

export function benchPage(o: BenchPageOptions): string {
  const pls: Record<string, true> = {};
  for (const id of o.pageLoadStartedRules) pls[id] = true;
  const monitor =
    o.stack === 'tagc'
      ? `window.__tagcMonitors = [{ ruleTriggered: function (e) { B.reached(e.rule); } }];`
      : `window._satellite = { _monitors: [{ ruleTriggered: function (e) { B.reached(e.rule.name); } }] };`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>
<script>${PRELUDE}
B.pls = ${JSON.stringify(pls)};
${monitor}
window.appEventData = [${JSON.stringify(PAGE_LOAD_STARTED)}];
B.t0 = performance.now();</script>
${o.src !== undefined ? `<script src="${o.src}"></script>` : o.code === undefined ? '' : `<script>${inline(o.code)}</script>`}
<script>B.t1 = performance.now();</script>
</head><body><main><h1>Bench page</h1><p><a href="/open" data-ea-cta="open-account">Open an account</a></p></main></body></html>`;
}

/** Puts the consent cookie (`name=value`, from consentCookieFor) in the context's jar for the site's origin, for a year. */
export async function grantConsent(context: BrowserContext, origin: string, cookie: string | null): Promise<void> {
  if (!cookie) return;
  const eq = cookie.indexOf('=');
  const expires = Math.floor(Date.now() / 1000) + 365 * 24 * 3600;
  await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), domain: new URL(origin).hostname, path: '/', expires }]);
}

/** The cookie with which the build's consent provider reads "every category granted". */
export function consentCookieFor(consent: { provider: 'trustarc'; levels: Record<string, number> } | { provider: 'onetrust'; groups: Record<string, string> } | null | undefined): string | null {
  if (!consent) return null;
  if (consent.provider === 'trustarc') return `notice_gdpr_prefs=${[...new Set([0, ...Object.values(consent.levels)])].sort((a, b) => a - b).join(',')}:`;
  return `OptanonConsent=${encodeURIComponent(`groups=${['C0001', ...Object.values(consent.groups)].map((g) => `${g}:1`).join(',')}`)}`;
}
