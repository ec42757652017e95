import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { compile } from '../index';
import type { Manifest } from '../graph-types';
import { startServer } from '../serve/server';
import { benchPage, consentCookieFor, grantConsent } from './bench-page';
import { DESKTOP_USER_AGENT, launchChromium } from './chromium';
import { benchSite, ownScriptStubRoute, routeOwnHostsTo, thirdPartyStubRoute } from './route-hosts';

// Where tagc's start-up time goes: V8's sampling profiler (CDP Profiler, 50 µs) over cold loads
// of the prod bundle, each sample's self time given to the source file of its function through
// the bundle's source map. Functions outside the bundle keep their name: browser internals such
// as "(garbage collector)", DOM accessors, the page's own scripts.

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOADS = 12;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by source: original file for bundle code, `(name)` for everything else. */
export function selfTimeBySource(profile: CpuProfile, bundleUrl: string, map: SourceMapConsumer, mapDir: string, out = new Map<string, number>()): Map<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const keys = new Map<number, string>();
  const keyOf = (node: ProfileNode): string => {
    const cf = node.callFrame;
    if (cf.url === bundleUrl) {
      const pos = map.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
      return pos.source ? relative(REPO, resolve(mapDir, pos.source)) : '(bundle, unmapped)';
    }
    if (cf.url.includes('/bench/')) return '(bench page scripts)';
    const name = cf.functionName || 'anonymous';
    return name.startsWith('(') ? name : `(${name})`;
  };
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    if (!node) return;
    let key = keys.get(id);
    if (key === undefined) keys.set(id, (key = keyOf(node)));
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

export async function benchProfile(): Promise<Record<string, number>> {
  const outDir = join(REPO, '.tagc-tmp', `profile-${process.pid}`);
  try {
    await compile({ root: REPO, outDir, envs: ['prod'] });
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    const file = manifest.environments.prod!.file;
    const code = readFileSync(join(outDir, file), 'utf8');
    const map = new SourceMapConsumer(JSON.parse(readFileSync(join(outDir, manifest.environments.prod!.map), 'utf8')) as RawSourceMap);
    const graph = JSON.parse(readFileSync(join(outDir, 'prod', 'graph.json'), 'utf8')) as { events: { key: string; rules: string[] }[] };
    const site = benchSite(manifest);
    const bundleUrl = `${site.origin}/bench/container.js`;
    const page = benchPage({ stack: 'tagc', pageLoadStartedRules: graph.events.find((e) => e.key === 'Page Load Started')?.rules ?? [] });
    const consentCookie = consentCookieFor(manifest.simulate?.consent);
    const html = page.replace('<script>B.t1', `<script src="/bench/container.js"></script>\n<script>B.t1`);
    const server = await startServer({ dir: outDir, routes: [thirdPartyStubRoute(site.hosts), ownScriptStubRoute] });
    const browser = await launchChromium();
    const totals = new Map<string, number>();
    try {
      for (let i = 0; i < LOADS; i++) {
        const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
        await routeOwnHostsTo(context, server, { hosts: site.hosts, allHosts: true });
        await grantConsent(context, site.origin, consentCookie);
        await context.route(`${site.origin}/bench/empty.html`, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>empty</title>' }));
        await context.route(`${site.origin}/bench/profile.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
        await context.route(bundleUrl, (r) => r.fulfill({ contentType: 'application/javascript', body: code }));
        const tab = await context.newPage();
        // Same-origin first, so that the profiled navigation stays in the profiled renderer.
        await tab.goto(`${site.origin}/bench/empty.html`);
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
        await cdp.send('Profiler.start');
        await tab.goto(`${site.origin}/bench/profile.html`);
        await tab.waitForTimeout(300);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        // esbuild writes the map's sources relative to the build's working directory, the root.
        selfTimeBySource(profile, bundleUrl, map, REPO, totals);
        await context.close();
      }
    } finally {
      await browser.close();
      await server.close();
    }
    // Idle time is not start-up work; everything else is shown as a share of the rest.
    totals.delete('(idle)');
    const all = [...totals.values()].reduce((a, b) => a + b, 0);
    const figures: Record<string, number> = { 'busy ms per load (profiled)': all / LOADS };
    for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 20)) figures[`% ${key}`] = (ms / all) * 100;
    return figures;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
