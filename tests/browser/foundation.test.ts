import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT } from '../../compiler/bench/chromium';
import { demoPage } from '../../compiler/serve/demo-page';
import type { RunningServer } from '../../compiler/serve/server';
import { afterStartUp, startBrowserSite, timedOut, type BrowserSite } from '../helpers/browser-site';
import { routeOwnHostsTo } from '../../compiler/bench/route-hosts';

// The production bundle in real Chromium: loaded with <script src integrity crossorigin> from the
// CDN host, page events pushed into appEventData, the page view received by a local collector.

let site: BrowserSite;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  site = await startBrowserSite('browser', (manifest) => (req, res) => {
    if (!req.url?.startsWith('/demo')) return false;
    const tampered = req.url.includes('tampered');
    const m = tampered ? { ...manifest, environments: { prod: { ...manifest.environments.prod!, integrity: 'sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } } } : manifest;
    res.setHeader('Content-Type', 'text/html');
    res.end(demoPage({ env: 'prod', manifest: m, bundleBase: 'https://cdn.firm.example' }));
    return true;
  });
  ({ server, browser } = site);
}, 120_000);

afterAll(() => site?.close());

describe('the prod bundle in Chromium', () => {
  it('loads with SRI from the CDN host and sends the page view to the collector', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await routeOwnHostsTo(context, server, { hosts: site.site.hosts, allHosts: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !timedOut(m.text()) && errors.push(m.text()));
    await page.goto('https://www.firm.example/demo/prod');
    expect(await page.evaluate(() => (window as unknown as { tagc: { buildInfo: { environment: string } } }).tagc.buildInfo.environment)).toBe('prod');
    await page.evaluate(() => (window as unknown as { appEventData: unknown[] }).appEventData.push({ event: 'Page Load Completed' }));
    await expect.poll(() => server.received.filter((r) => r.url.startsWith('/b/ss/')).length).toBeGreaterThan(0);
    const beacon = new URL(server.received.find((r) => r.url.startsWith('/b/ss/'))!.url, 'https://metrics.firm.example');
    expect(beacon.pathname).toMatch(/^\/b\/ss\/firmprod\//);
    expect(beacon.searchParams.get('pageName')).toBe('demo > Home');
    expect(beacon.searchParams.get('g')).toBe('https://www.firm.example/demo/prod');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("runs the direct-call rule when page code calls _satellite.track(), and tells Launch's _monitors", async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await routeOwnHostsTo(context, server, { hosts: site.site.hosts, allHosts: true });
    const page = await context.newPage();
    await page.goto('https://www.firm.example/demo/prod');
    // The call runs at once only on an idle queue: start-up's rules may still be running at load.
    await afterStartUp(page);
    await page.evaluate(() => {
      type Sat = { _monitors: unknown[]; track(name: string, detail?: unknown): void };
      const w = window as unknown as { _satellite: Sat; __completed: string[] };
      const ids: string[] = (w.__completed = []);
      w._satellite._monitors = [{ ruleCompleted: (e: { rule: { id: string } }) => ids.push(e.rule.id) }];
      w._satellite.track('clear process steps', { kind: 'tool', name: 'retirement-calculator' });
    });
    // Completed in this task, or after an earlier event's awaited action lets the queue go on.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __completed: string[] }).__completed)).toEqual(['clear-process-steps']);
    await context.close();
  });

  it('is blocked by the browser when its integrity hash does not match', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await routeOwnHostsTo(context, server, { hosts: site.site.hosts });
    const page = await context.newPage();
    await page.goto('https://www.firm.example/demo/prod?tampered');
    expect(await page.evaluate(() => typeof (window as unknown as { tagc?: unknown }).tagc)).toBe('undefined');
    await context.close();
  });
});
