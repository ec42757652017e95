import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { benchSite, ownScriptStubRoute, thirdPartyStubRoute, type BenchSite } from '../../compiler/bench/route-hosts';
import type { Graph, Manifest } from '../../compiler/graph-types';
import { collectorRoute, startServer, type Route, type RunningServer } from '../../compiler/serve/server';
import { connectChromium } from './chromium';
import { realBuild } from './real-build';

// What the browser tests share: the prod bundle of the real build (tests/setup/real-build.ts), a local server
// with the collector, stand-ins for third-party and firm script hosts and the test's own page
// route, and the run's Debian Chromium (tests/setup/chromium.ts).

export interface BrowserSite {
  manifest: Manifest;
  /** The site's origin and own hosts, from the manifest. */
  site: BenchSite;
  server: RunningServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserSite(name: string, page: (manifest: Manifest) => Route): Promise<BrowserSite> {
  const out = realBuild();
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  const site = benchSite(manifest);
  const server = await startServer({ dir: out, routes: [collectorRoute, thirdPartyStubRoute(site.hosts), ownScriptStubRoute, page(manifest)] });
  const browser = await connectChromium();
  return {
    manifest,
    site,
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Resolves once the bundle's start-up and its after-start work (runtime/core/after-start.ts: the
 * debug flag read, external scripts inserted) have run: start-up's slices are user-blocking
 * scheduler tasks, each posting the next before it ends, so a background task runs only after the
 * last, and the after-start work is a 0 ms timer queued as start-up ends, which ours follows.
 * Before then, what start-up has not done yet would look as if it never would.
 */
export async function afterStartUp(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const s = (window as unknown as { scheduler: { postTask(cb: () => void, o: { priority: string }): Promise<unknown> } }).scheduler;
        void s.postTask(() => setTimeout(resolve, 0), { priority: 'background' });
      }),
  );
}

/**
 * A third party's script or the A/B delivery that did not answer in its time (E25, W16): the
 * stand-ins answer through Playwright's routing, which a loaded machine has slowed past those
 * deadlines in full runs. Not what the browser tests are about; every other message still counts.
 */
export const timedOut = (text: string): boolean => /^\[tagc\] (E25 |W16 timeout )/.test(text);

/** The events whose rules a page's start-up reaches: Library Loaded, the queued Page Load Started, DOM ready, window loaded. */
export const START_UP_EVENTS = ['@libraryLoaded', 'Page Load Started', '@domReady', '@windowLoaded'] as const;

/** How many of the real prod build's rules run on these events (each is reached once per event). */
export function prodRulesOn(manifest: Manifest, events: readonly string[]): number {
  const graph = JSON.parse(readFileSync(join(realBuild(), manifest.environments.prod!.graph), 'utf8')) as Graph;
  return graph.events.filter((e) => events.includes(e.key)).reduce((n, e) => n + e.rules.length, 0);
}
