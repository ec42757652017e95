import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { syntheticBuild } from '../../viewer/fixtures/synthetic-graph';
import type { Route } from '../serve/server';
import { startServer } from '../serve/server';
import { median } from './stats';
import { launchChromium } from './chromium';

// The viewer at scale: a synthetic 5,000-rule build served next to a fresh viewer build, opened
// in headless Chromium. loadMs: navigation start until the rules table shows all rows' count;
// filterMs: a typed search until the filtered count is on screen; view.<name>Ms: a deep link to
// that view opened in a new page until its content is on screen (navigation start, so it
// includes loading the build); the viewer's chunks in gzip bytes. Medians of 3, never thresholds.

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SYNTHETIC_RULES = 5000;

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** `vite build` of the viewer, into build/viewer/ or `outDir`. */
export function buildViewer(outDir?: string): Promise<void> {
  const args = [join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(REPO, 'viewer', 'vite.config.ts'), '--logLevel', 'warn'];
  if (outDir) args.push('--outDir', outDir, '--emptyOutDir');
  return run(args);
}

/** Answers /manifest.json and /prod/graph.json with a synthetic build of `count` rules. */
export function syntheticRoutes(count: number): Route {
  const { manifest, graph } = syntheticBuild(count);
  const files: Record<string, string> = { '/manifest.json': JSON.stringify(manifest), '/prod/graph.json': JSON.stringify(graph) };
  return (req, res) => {
    const body = files[(req.url ?? '').split('?')[0]!];
    if (body === undefined) return false;
    res.setHeader('Content-Type', 'application/json');
    res.end(body);
    return true;
  };
}

/** Sets the search box as typing does and resolves with the ms until the count shows `expected` rows. */
export async function timeSearch(page: Page, query: string, expected: number): Promise<number> {
  // A string, not a function: tsx's name-keeping helpers do not exist in the page.
  return page.evaluate<number>(`new Promise((resolve) => {
    const input = document.querySelector('.toolbar input[type=search]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const t0 = performance.now();
    setValue.call(input, ${JSON.stringify(query)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    (function check() {
      if (document.querySelector('output[data-rows-shown]')?.getAttribute('data-rows-shown') === ${JSON.stringify(String(expected))}) resolve(performance.now() - t0);
      else requestAnimationFrame(check);
    })();
  })`);
}

/** Each view's deep link at 5,000 rules and what shows it is ready. */
const VIEW_LINKS: [string, string, string][] = [
  ['rules', '#/prod/rules', `output[data-rows-total="${SYNTHETIC_RULES}"]`],
  ['firing', '#/prod/firing/CTA%20Clicked', 'ol.firing-list li'],
  ['graph', '#/prod/graph/CTA%20Clicked', '.react-flow__node'],
  ['ruleDetail', '#/prod/rule/synthetic-04999-error-message-presented', '#rule-title'],
  ['dataElements', '#/prod/data-elements', 'output[data-rows-total]'],
  ['mapping', '#/prod/mapping', 'output[data-rows-total]'],
  ['environments', '#/prod/environments', '.env-table'],
  ['diagnostics', '#/prod/diagnostics', 'main section h2'],
];

/** Gzip bytes of the viewer's entry chunk and of the graph's lazy chunk (JS and CSS each). */
function chunkSizes(viewerDir: string): Record<string, number> {
  const assets = join(viewerDir, 'assets');
  const gz = (prefix: string, ext: string) =>
    readdirSync(assets)
      .filter((f) => f.startsWith(prefix) && f.endsWith(ext))
      .reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  return { initialJsGzipBytes: gz('index-', '.js'), initialCssGzipBytes: gz('index-', '.css'), graphJsGzipBytes: gz('graph-view-', '.js'), graphCssGzipBytes: gz('graph-view-', '.css'), previewJsGzipBytes: gz('preview-view-', '.js') };
}

export async function benchViewer(): Promise<Record<string, number>> {
  const root = join(REPO, '.tagc-tmp', `viewer-bench-${process.pid}`);
  mkdirSync(root, { recursive: true });
  try {
    await buildViewer(join(root, 'viewer'));
    const server = await startServer({ dir: root, routes: [syntheticRoutes(SYNTHETIC_RULES)] });
    const browser = await launchChromium();
    try {
      const loads: number[] = [];
      const filters: number[] = [];
      const expected = SYNTHETIC_RULES / 10; // one event in ten
      for (let i = 0; i < 3; i++) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(`${server.origin}/viewer/#/prod/rules`);
        await page.waitForSelector(`output[data-rows-total="${SYNTHETIC_RULES}"]`);
        loads.push(await page.evaluate(() => performance.now()));
        filters.push(await timeSearch(page, 'cta clicked', expected));
        await page.close();
      }
      const views: Record<string, number> = {};
      for (const [name, hash, ready] of VIEW_LINKS) {
        const times: number[] = [];
        for (let i = 0; i < 3; i++) {
          const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
          await page.goto(`${server.origin}/viewer/${hash}`);
          await page.waitForSelector(ready, { timeout: 30_000 });
          times.push(await page.evaluate(() => performance.now()));
          await page.close();
        }
        views[`view.${name}Ms`] = median(times);
      }
      return { rules: SYNTHETIC_RULES, loadMs: median(loads), filterMs: median(filters), ...views, ...chunkSizes(join(root, 'viewer')) };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
