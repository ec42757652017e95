import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { benchSite, ownScriptStubRoute, thirdPartyStubRoute, type BenchSite } from '../../compiler/bench/route-hosts';
import type { Manifest } from '../../compiler/graph-types';
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
