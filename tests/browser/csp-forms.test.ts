import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT } from '../../compiler/bench/chromium';
import { routeOwnHostsTo } from '../../compiler/bench/route-hosts';
import { cspFor } from '../../compiler/csp';
import type { ReceivedRequest } from '../../compiler/serve/server';
import { site } from '../../rules/site.config';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site';

// `tagc csp <env>` (compiler/csp.ts): the prod bundle, every category consented, runs in real
// Chromium under each printed policy (nonce + strict-dynamic; host allow-list) with zero CSP
// violations, while it sends analytics, advertising pixels and the A/B delivery (whose
// anti-flicker style must pass the policy too). The policies come from the build's inventory.

const NONCE = 'cspT3stN0nce';
const BUNDLE_HOST = 'cdn.firm.example';
let browserSite: BrowserSite;
let policies: { nonce: string; allowlist: string };

function page(file: string, integrity: string, form: 'nonce' | 'allowlist'): string {
  const nonce = form === 'nonce' ? ` nonce="${NONCE}"` : '';
  return `<!doctype html><html><head><meta charset="utf-8">
<script${nonce} src="https://${BUNDLE_HOST}/${file}" integrity="${integrity}" crossorigin="anonymous"></script>
</head><body><h1>Funds</h1><a id="doc" href="/docs/fund.pdf">Prospectus</a></body></html>`;
}

beforeAll(async () => {
  browserSite = await startBrowserSite('csp-forms', (manifest) => {
    const entry = manifest.environments.prod!;
    policies = cspFor(entry.hosts ?? [], { scriptHost: BUNDLE_HOST, nonce: NONCE });
    return (req, res) => {
      const m = /^\/funds-(nonce|allowlist)\.html/.exec(req.url ?? '');
      if (!m) return false;
      const form = m[1] as 'nonce' | 'allowlist';
      res.setHeader('Content-Type', 'text/html');
      res.setHeader('Content-Security-Policy', policies[form]);
      res.end(page(entry.file, entry.integrity, form));
      return true;
    };
  });
}, 120_000);

afterAll(() => browserSite?.close());

const hostOf = (r: ReceivedRequest) => String(r.headers['x-original-host'] ?? '');

async function push(p: Page, entry: Record<string, unknown>): Promise<void> {
  await p.evaluate((e) => (window as unknown as { appEventData: unknown[] }).appEventData.push(e), entry);
}

describe('the policies tagc csp prints', () => {
  it('lists the inventory hosts by directive in both forms, the nonce form with strict-dynamic', () => {
    expect(policies.nonce).toContain(`script-src 'nonce-${NONCE}' 'strict-dynamic'`);
    expect(policies.allowlist).toMatch(new RegExp(`^script-src ${BUNDLE_HOST} .*consent\\.trustarc\\.example`));
    for (const form of [policies.nonce, policies.allowlist]) {
      expect(form).toMatch(new RegExp(`img-src [^;]*${site.pixels.activityHost.replace(/\./g, '\\.')}`));
      expect(form).toMatch(new RegExp(`connect-src [^;]*${site.hosts.trackingServer.replace(/\./g, '\\.')}`));
    }
  });

  it.each(['nonce', 'allowlist'] as const)('runs the prod bundle in Chromium under the %s form with zero violations while it sends', async (form) => {
    const { browser, server } = browserSite;
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await routeOwnHostsTo(context, server, { hosts: browserSite.site.hosts, allHosts: true });
    // Every category consented (the TrustArc-kind cookies), so every sender runs.
    await context.addCookies([
      { name: 'notice_gdpr_prefs', value: encodeURIComponent('0,1,2:'), domain: 'www.firm.example', path: '/' },
      { name: 'cmapi_cookie_privacy', value: encodeURIComponent('permit 1,2,3'), domain: 'www.firm.example', path: '/' },
    ]);
    // Not a page script (the policies admit no inline script): the violation log and the data layer.
    await context.addInitScript(() => {
      const w = window as unknown as { __violations: string[]; appEventData: unknown[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
      w.appEventData = [{ event: 'Page Load Started', page: { pageName: 'us > funds', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } }];
    });
    const p = await context.newPage();
    const mark = server.received.length;
    await p.goto(`https://www.firm.example/funds-${form}.html`);
    expect(await p.evaluate(() => typeof (window as unknown as { tagc?: unknown }).tagc)).toBe('object');
    await push(p, { event: 'Page Load Completed' });
    await push(p, { event: 'CTA Clicked', linkInfo: { linkId: 'open-account', customLinkName: 'Open an account' } });
    await push(p, { event: 'Newsletter SignUp Completed', linkInfo: { customLinkName: 'Weekly' } });
    const sent = () => server.received.slice(mark);
    await expect.poll(() => sent().filter((r) => hostOf(r) === site.hosts.trackingServer).length).toBeGreaterThan(1);
    await expect.poll(() => sent().filter((r) => hostOf(r) === site.pixels.activityHost).length).toBeGreaterThan(0);
    await expect.poll(() => sent().filter((r) => hostOf(r).endsWith('tt.omtrdc.example')).length).toBeGreaterThan(0);
    expect(await p.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await context.close();
  });
});
