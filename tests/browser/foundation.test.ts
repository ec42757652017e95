import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { DESKTOP_USER_AGENT, launchChromium } from '../../compiler/bench/chromium';
import type { Manifest } from '../../compiler/graph-types';
import { demoPage } from '../../compiler/serve/demo-page';
import { collectorRoute, startServer, type RunningServer } from '../../compiler/serve/server';
import { REPO, removeContainer } from '../helpers/container';
import { firmScriptStubRoute, routeFirmHostsTo, thirdPartyStubRoute } from '../../compiler/bench/route-hosts';

// The production bundle in real Chromium: loaded with <script src integrity crossorigin> from the
// CDN host, page events pushed into appEventData, the page view received by a local collector.

let out: string;
let server: RunningServer;
let browser: Browser;
let manifest: Manifest;

beforeAll(async () => {
  out = join(REPO, '.tagc-tmp', `browser-${process.pid}`);
  await compile({ root: REPO, outDir: out, envs: ['prod'] });
  manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  server = await startServer({
    dir: out,
    routes: [
      collectorRoute,
      thirdPartyStubRoute,
      firmScriptStubRoute,
      (req, res) => {
        if (!req.url?.startsWith('/demo')) return false;
        const tampered = req.url.includes('tampered');
        const m = tampered ? { ...manifest, environments: { prod: { ...manifest.environments.prod!, integrity: 'sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } } } : manifest;
        res.setHeader('Content-Type', 'text/html');
        res.end(demoPage({ env: 'prod', manifest: m, bundleBase: 'https://cdn.firm.example' }));
        return true;
      },
    ],
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeContainer(out);
});

describe('the prod bundle in Chromium', () => {
  it('loads with SRI from the CDN host and sends the page view to the collector', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await routeFirmHostsTo(context, server, { allHosts: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('https://www.firm.example/demo/prod');
    expect(await page.evaluate(() => (window as unknown as { tagc: { buildInfo: { environment: string } } }).tagc.buildInfo.environment)).toBe('prod');
    await page.evaluate(() => (window as unknown as { appEventData: unknown[] }).appEventData.push({ event: 'Page Load Completed' }));
    await expect.poll(() => server.received.filter((r) => r.url.startsWith('/b/ss/')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const beacon = new URL(server.received.find((r) => r.url.startsWith('/b/ss/'))!.url, 'https://metrics.firm.example');
    expect(beacon.pathname).toMatch(/^\/b\/ss\/firmprod\//);
    expect(beacon.searchParams.get('pageName')).toBe('demo > Home');
    expect(beacon.searchParams.get('g')).toBe('https://www.firm.example/demo/prod');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is blocked by the browser when its integrity hash does not match', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await routeFirmHostsTo(context, server);
    const page = await context.newPage();
    await page.goto('https://www.firm.example/demo/prod?tampered');
    expect(await page.evaluate(() => typeof (window as unknown as { tagc?: unknown }).tagc)).toBe('undefined');
    await context.close();
  });
});
