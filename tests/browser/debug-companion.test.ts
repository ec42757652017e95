import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT } from '../../compiler/bench/chromium';
import { routeOwnHostsTo } from '../../compiler/bench/route-hosts';
import { demoPage } from '../../compiler/serve/demo-page';
import type { RunningServer } from '../../compiler/serve/server';
import { afterStartUp, startBrowserSite, timedOut, type BrowserSite } from '../helpers/browser-site';

// Debugging in production, in real Chromium on the prod build: the bundle has no debug text, and
// loads its debug companion (same base URL, SRI integrity, crossorigin) only once the visitor has
// turned debugging on; then every skipped rule is explained with the values its condition compared.

let site: BrowserSite;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  site = await startBrowserSite('debug-companion', (manifest) => (req, res) => {
    if (!req.url?.startsWith('/demo')) return false;
    res.setHeader('Content-Type', 'text/html');
    res.end(demoPage({ env: 'prod', manifest, bundleBase: 'https://cdn.firm.example' }));
    return true;
  });
  ({ server, browser } = site);
}, 120_000);

afterAll(() => site?.close());

async function open(): Promise<{ context: BrowserContext; page: Page; console: string[] }> {
  const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
  await routeOwnHostsTo(context, server, { hosts: site.site.hosts, allHosts: true });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (m) => console.push(m.text()));
  return { context, page, console };
}

const companionRequests = () => server.received.filter((r) => /\/prod\/debug\.[0-9a-f]+\.js$/.test(r.url));

describe('debugging in production (the debug companion)', () => {
  it('requests nothing more while debugging is off, and prints a runtime error as its code only', async () => {
    const before = companionRequests().length;
    const { context, page, console } = await open();
    await page.goto('https://www.firm.example/demo/prod');
    await page.evaluate(() => (window as unknown as { appEventData: unknown[] }).appEventData.push({ event: 'Page Load Completed' }, { page: {} }));
    await page.waitForLoadState('load');
    await afterStartUp(page);
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="/debug."]').length)).toBe(0);
    expect(companionRequests().length).toBe(before);
    await expect.poll(() => console.filter((t) => t.startsWith('[tagc]') && !timedOut(t))).toEqual(['[tagc] E10']);
    await context.close();
  });

  it('after tagc.debug(true), the next page loads the companion with its integrity and explains a skipped rule with the values compared, the rules fired and each request with its decoded parameters', async () => {
    const companion = site.manifest.environments.prod!.debug!;
    const { context, page, console } = await open();
    await page.goto('https://www.firm.example/demo/prod');
    expect(await page.evaluate(() => (window as unknown as { tagc: { debug(on?: boolean): boolean } }).tagc.debug(true))).toBe(true);
    const before = companionRequests().length;
    await page.reload();
    await expect.poll(() => companionRequests().length).toBe(before + 1);
    expect(companionRequests().at(-1)!.url).toBe(`/${companion.file}`);
    const tag = await page.evaluate(() => {
      const s = document.querySelector<HTMLScriptElement>('script[src*="/debug."]')!;
      return { src: s.src, integrity: s.getAttribute('integrity'), crossorigin: s.getAttribute('crossorigin') };
    });
    expect(tag).toEqual({ src: `https://cdn.firm.example/${companion.file}`, integrity: companion.integrity, crossorigin: 'anonymous' });
    await expect.poll(() => console.find((t) => t.includes('rule "script-authoring" on "domReady" skipped'))).toBeDefined();
    const skipped = console.find((t) => t.includes('rule "script-authoring" on "domReady" skipped'))!;
    expect(skipped).toMatch(/^\[tagc\] rule "script-authoring" on "domReady" skipped: condition 1 \(.+\) not met: compared "www\.firm\.example" with "author\.firm\.example"/);
    await page.evaluate(() => (window as unknown as { appEventData: unknown[] }).appEventData.push({ event: 'Page Load Completed' }));
    await expect.poll(() => console.find((t) => /^\[tagc\] rule "[^"]+" on "Page Load Completed" fired: /.test(t))).toBeDefined();
    await expect.poll(() => console.find((t) => /^\[tagc\] request \(\w+, analytics\) to metrics\.firm\.example\/b\/ss\//.test(t))).toBeDefined();
    const params = await new Promise<Record<string, string>>((resolve) => {
      page.on('console', (m) => {
        if (m.text().includes('request (') && m.text().includes('metrics.firm.example')) void m.args()[1]?.jsonValue().then(resolve);
      });
      void page.evaluate(() => (window as unknown as { appEventData: unknown[] }).appEventData.push({ event: 'CTA Clicked', linkInfo: { linkId: 'demo-cta', customLinkName: 'Demo CTA' } }));
    });
    expect(params).toMatchObject({ events: 'event61', pe: 'lnk_o', pev2: 'CTA Clicked' });
    await page.evaluate(() => (window as unknown as { appEventData: unknown[] }).appEventData.push({ page: {} }));
    await expect.poll(() => console.filter((t) => (t.startsWith('[tagc] E') || t.includes('Missing event name')) && !timedOut(t))).toEqual(['[tagc] EVENT NAME VALIDATION FAILED: Missing event name']);
    await context.close();
  });

  it('tagc.debug(false) stops loading the companion on the next page', async () => {
    const { context, page } = await open();
    await page.goto('https://www.firm.example/demo/prod');
    await page.evaluate(() => (window as unknown as { _satellite: { setDebug(on: boolean): void } })._satellite.setDebug(true));
    await page.evaluate(() => (window as unknown as { tagc: { debug(on: boolean): boolean } }).tagc.debug(false));
    const before = companionRequests().length;
    await page.reload();
    await page.waitForLoadState('load');
    await afterStartUp(page);
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="/debug."]').length)).toBe(0);
    expect(companionRequests().length).toBe(before);
    await context.close();
  });
});
