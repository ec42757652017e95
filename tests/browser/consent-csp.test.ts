import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT } from '../../compiler/bench/chromium';
import { routeOwnHostsTo } from '../../compiler/bench/route-hosts';
import type { Manifest } from '../../compiler/graph-types';
import type { ReceivedRequest, RunningServer } from '../../compiler/serve/server';
import { site } from '../../rules/site.config';
import { prodRulesOn, START_UP_EVENTS, startBrowserSite, type BrowserSite } from '../helpers/browser-site';

// Spec §6 in real Chromium under a strict CSP (nonce + strict-dynamic, no unsafe-inline, no
// unsafe-eval): a visitor who declined sends nothing of analytics or advertising; after accepting
// through the notice, the next events send both; the container causes no CSP violation.

const NONCE = 'r4nd0mN0nc3';
const CSP = `script-src 'nonce-${NONCE}' 'strict-dynamic'; object-src 'none'; base-uri 'none'`;
let browserSite: BrowserSite;
let server: RunningServer;
let browser: Browser;
let manifest: Manifest;

function page(): string {
  const entry = manifest.environments.prod!;
  return `<!doctype html><html><head><meta charset="utf-8">
<script nonce="${NONCE}">
  window.__violations = [];
  // Every rule the container reaches, and every one it has done with (skipped, completed or failed).
  var judged = window.__judged = { triggered: 0, settled: 0 };
  var settle = function () { judged.settled++; };
  window.__tagcMonitors = [{ ruleTriggered: function () { judged.triggered++; }, ruleSkipped: settle, ruleCompleted: settle, actionFailed: settle }];
  document.addEventListener('securitypolicyviolation', function (e) { window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });
  window.appEventData = [{ event: 'Page Load Started', page: { pageName: 'us > funds', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } }];
</script>
<script nonce="${NONCE}" src="https://cdn.firm.example/${entry.file}" integrity="${entry.integrity}" crossorigin="anonymous"></script>
</head><body><h1>Funds</h1></body></html>`;
}

const hostOf = (r: ReceivedRequest) => String(r.headers['x-original-host'] ?? '');
const analytics = (list: ReceivedRequest[]) => list.filter((r) => hostOf(r) === site.hosts.trackingServer);
const advertising = (list: ReceivedRequest[]) =>
  list.filter((r) => [site.pixels.activityHost, new URL(site.pixels.linkedIn.url).hostname, new URL(site.pixels.meta.url).hostname, new URL(site.scripts.tags).hostname].includes(hostOf(r)));

beforeAll(async () => {
  browserSite = await startBrowserSite('csp', () => (req, res) => {
    if (!req.url?.startsWith('/funds.html')) return false;
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Security-Policy', CSP);
    res.end(page());
    return true;
  });
  ({ server, browser, manifest } = browserSite);
}, 120_000);

afterAll(() => browserSite?.close());

/**
 * Resolves once the container has judged at least `rules` rules since the page loaded, each
 * one reached done with, and the requests the context started have all ended: what it sent for
 * them has reached the server by then.
 */
async function settled(p: Page, inFlight: () => number, rules: number): Promise<void> {
  await p.waitForFunction((n) => {
    const j = (window as unknown as { __judged: { triggered: number; settled: number } }).__judged;
    return j.triggered >= n && j.settled === j.triggered;
  }, rules);
  await expect.poll(inFlight).toBe(0);
}

/** The count of the context's requests under way. */
function requestsInFlight(context: BrowserContext): () => number {
  let n = 0;
  context.on('request', () => n++);
  context.on('requestfinished', () => n--);
  context.on('requestfailed', () => n--);
  return () => n;
}

async function push(p: Page, entry: Record<string, unknown>): Promise<void> {
  await p.evaluate((e) => (window as unknown as { appEventData: unknown[] }).appEventData.push(e), entry);
}

/**
 * What the TrustArc-kind notice does on a choice: write its cookies, then post its message.
 * Resolves once the container has read the choice, so the next push sees it. The container's
 * listener, added first, runs first and reads the cookies in a 0 ms timer; ours queues its own
 * 0 ms timer after it. Without this wait a push could reach the page before the message did
 * (CDP's evaluate and the posted message are separate tasks), and be judged by the old choice.
 */
async function choose(p: Page, accept: boolean): Promise<void> {
  await p.evaluate(
    (all) =>
      new Promise<void>((resolve) => {
        const levels = all ? '0,1,2' : '0';
        document.cookie = `notice_gdpr_prefs=${encodeURIComponent(`${levels}:`)}; path=/`;
        document.cookie = `cmapi_cookie_privacy=${encodeURIComponent(`permit ${all ? '1,2,3' : '1'}`)}; path=/`;
        window.addEventListener('message', () => setTimeout(resolve, 0), { once: true });
        window.postMessage(JSON.stringify({ source: 'preference_manager', message: 'submit_preferences' }), '*');
      }),
    accept,
  );
}

describe('consent under a strict CSP in Chromium', () => {
  it('sends nothing gated after a decline, the expected requests after accepting, and causes no CSP violation', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await routeOwnHostsTo(context, server, { hosts: browserSite.site.hosts, allHosts: true });
    const inFlight = requestsInFlight(context);
    const p = await context.newPage();
    await p.goto('https://www.firm.example/funds.html');
    expect(await p.evaluate(() => typeof (window as unknown as { tagc?: unknown }).tagc)).toBe('object');
    // Start-up's rules: Library Loaded, the queued Page Load Started, DOM ready, window loaded.
    const startUp = prodRulesOn(manifest, START_UP_EVENTS);

    // No stored decision: the visitor declines in the notice.
    await choose(p, false);
    await expect.poll(() => p.evaluate(() => document.cookie.includes('consentSuppressed='))).toBe(true);
    const mark = server.received.length;
    await push(p, { event: 'Page Load Completed' });
    await push(p, { event: 'CTA Clicked', linkInfo: { linkId: 'open-account', customLinkName: 'Open an account' } });
    await push(p, { event: 'Newsletter SignUp Completed', linkInfo: { customLinkName: 'Weekly' } });
    // Judged by the decline (not a fixed wait, which a loaded machine can outlast before the
    // pushes are even handled, leaving nothing to check).
    await settled(p, inFlight, startUp + prodRulesOn(manifest, ['Page Load Completed', 'CTA Clicked', 'Newsletter SignUp Completed']));
    const afterDecline = server.received.slice(mark);
    expect(analytics(afterDecline).map((r) => r.url)).toEqual([]);
    expect(advertising(afterDecline).map((r) => r.url)).toEqual([]);

    // The visitor accepts everything.
    await choose(p, true);
    const mark2 = server.received.length;
    await push(p, { event: 'CTA Clicked', linkInfo: { linkId: 'open-account', customLinkName: 'Open an account' } });
    await push(p, { event: 'Newsletter SignUp Completed', linkInfo: { customLinkName: 'Weekly' } });
    // Two link hits, one per push: image requests go out side by side, so they may arrive in either order.
    const linkHits = () => analytics(server.received.slice(mark2)).filter((r) => r.url.includes('pe=lnk_o'));
    await expect.poll(() => linkHits().length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => advertising(server.received.slice(mark2)).filter((r) => r.url.includes('/ddm/activity/')).length).toBeGreaterThan(0);
    const events = linkHits().map((r) => new URL(r.url, 'https://x').searchParams.get('events') ?? '');
    expect(events.filter((e) => e.includes('event61'))).toHaveLength(1);
    expect(events.filter((e) => e.includes('event25'))).toHaveLength(1);

    expect(await p.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await context.close();
  });
});
