import type { Browser } from 'playwright-core';
import { DESKTOP_USER_AGENT } from './chromium';
import type { RunningServer } from '../serve/server';
import { routeFirmHostsTo } from './route-hosts';

// Start-up and dispatch timings of a bundle in headless Chromium, measured inside the page with
// performance.now() so that the harness's overhead is not counted.

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface BrowserTimings {
  startupMs: number;
  dispatchMs: number;
  dispatchMeanMs: number;
  loads: number;
  pushes: number;
}

/**
 * The bundle is inlined so that start-up is parse, compile and run only: with a routed
 * <script src>, the time between responseEnd and execution also holds the harness's IPC.
 */
function benchPage(code: string): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<script>window.appEventData=[{event:'Page Load Started',page:{pageName:'bench > page',siteAudience:'advisor',siteCountry:'us',siteLanguage:'en'}}];window.__t0=performance.now();</script>
<script>${code.replace(/<\/script/gi, '<\\/script').replace(/\/\/# sourceMappingURL=.*$/m, '')}</script>
<script>window.__startup=performance.now()-window.__t0;</script>
</head><body></body></html>`;
}

export async function browserTimings(browser: Browser, server: RunningServer, bundleCode: string, options = { loads: 21, pushes: 1000 }): Promise<BrowserTimings> {
  const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
  await routeFirmHostsTo(context, server, { allHosts: true });
  // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
  await context.route('https://www.firm.example/bench.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
      body: benchPage(bundleCode),
    }),
  );
  const page = await context.newPage();
  const startups: number[] = [];
  for (let i = 0; i < options.loads; i++) {
    await page.goto('https://www.firm.example/bench.html');
    startups.push(await page.evaluate(() => (window as unknown as { __startup: number }).__startup));
  }
  const durations = await page.evaluate((n) => {
    const dl = (window as unknown as { appEventData: unknown[] }).appEventData;
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      dl.push({ event: 'Page Load Completed' });
      out.push(performance.now() - t0);
    }
    return out;
  }, options.pushes);
  await context.close();
  return {
    startupMs: median(startups),
    dispatchMs: median(durations),
    dispatchMeanMs: durations.reduce((a, b) => a + b, 0) / durations.length,
    loads: options.loads,
    pushes: options.pushes,
  };
}
