import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNTHETIC_RULES, syntheticRoutes, timeSearch } from '../../compiler/bench/viewer';
import type { Graph, Manifest } from '../../compiler/graph-types';
import { loadScenarios } from '../../compiler/scenarios/load';
import { previewRoute } from '../../compiler/serve/preview';
import { startServer, type RunningServer } from '../../compiler/serve/server';
import { connectChromium } from '../helpers/chromium';
import { REPO, removeContainer } from '../helpers/container';
import { realBuild, realViewer } from '../helpers/real-build';

// The viewer in real Chromium on the real build: the run's build of the container (realBuild(),
// the same compile as `tagc build`) copied to a folder of this file's own with the run's `vite
// build` of the viewer (realViewer()) beside it, served from 127.0.0.1; screenshots under
// build/test-artifacts/. A second server answers the build files with a synthetic 5,000-rule
// build next to the same viewer.

const BUILD = join(REPO, '.tagc-tmp', `viewer-test-${process.pid}`);
const ARTIFACTS = join(REPO, 'build', 'test-artifacts');
const DESKTOP = { width: 1280, height: 800 };
/** A real `tagc diff --format json` report, served beside the build (relative to it). */
const DIFF_REPORT = 'test-artifacts/diff-report.json';
const WIDE = { width: 1920, height: 1080 };

let server: RunningServer;
let synthetic: RunningServer;
/** `tagc serve`'s routes: the build plus the Preview endpoint. */
let served: RunningServer;
let browser: Browser;
/** The context of the pages open() makes: a page in a context that exists costs Chromium about half a new context's. */
let context: BrowserContext;
let manifest: Manifest;
const graphs: Record<string, Graph> = {};
const problems: string[] = [];

beforeAll(async () => {
  cpSync(realBuild(), BUILD, { recursive: true });
  cpSync(realViewer(), join(BUILD, 'viewer'), { recursive: true });
  manifest = JSON.parse(readFileSync(join(BUILD, 'manifest.json'), 'utf8')) as Manifest;
  for (const env of Object.keys(manifest.environments)) graphs[env] = JSON.parse(readFileSync(join(BUILD, env, 'graph.json'), 'utf8')) as Graph;
  mkdirSync(ARTIFACTS, { recursive: true });
  mkdirSync(join(BUILD, 'test-artifacts'), { recursive: true });
  writeFileSync(join(BUILD, DIFF_REPORT), readFileSync(join(REPO, 'tests', 'fixtures', 'diff', 'page-name-report.json')));
  server = await startServer({ dir: BUILD });
  synthetic = await startServer({ dir: BUILD, routes: [syntheticRoutes(SYNTHETIC_RULES)] });
  served = await startServer({ dir: BUILD, routes: [previewRoute(BUILD, { scenarios: () => loadScenarios(REPO, join(REPO, 'tests', 'scenarios')) })] });
  browser = await connectChromium();
  context = await browser.newContext();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await synthetic?.close();
  await served?.close();
  removeContainer(BUILD);
});

/** A new page (a new document; the viewer keeps nothing in storage) at `url`, its errors collected in `problems`. */
async function open(url: string, viewport = DESKTOP): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.on('pageerror', (e) => problems.push(`${url}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`${url}: ${m.text()}`));
  await page.goto(url);
  return page;
}

/**
 * Opens a route by its link: from another document a load, within the viewer's own a hash change
 * (the viewer routes on hashchange, as a click on its link does), resolved once the route has
 * rendered, so that what a test waits for is looked for in the new view, not the last one.
 */
async function follow(page: Page, url: string): Promise<void> {
  const [base, hash] = url.split('#') as [string, string | undefined];
  if (hash === undefined || page.url().split('#')[0] !== base) return void (await page.goto(url));
  await page.evaluate(async (next) => {
    if (window.location.hash === `#${next}`) return;
    const changed = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    window.location.hash = next;
    await changed;
    // React renders a store change (useSyncExternalStore) in a microtask after the event's task.
    await new Promise((resolve) => setTimeout(resolve));
  }, hash);
}

/**
 * One page per origin kept across the tests that only read what a route shows: each load of the
 * viewer costs Chromium about 2 s of CPU, more than most of these tests' own steps. Closed with
 * the browser. A test that needs a fresh document (what it fetched, where focus starts) opens its
 * own page.
 */
const kept = new Map<string, Page>();

/**
 * The route `url` in the kept page of its origin at `viewport`. Through the Environments view
 * first: a route change within one view keeps its component (React reuses it), and a test could
 * find the last route's result there; mounted anew, the view starts as after a load.
 */
async function view(url: string, viewport = DESKTOP): Promise<Page> {
  const { origin } = new URL(url);
  const page = kept.get(origin);
  if (!page) {
    const opened = await open(url, viewport);
    kept.set(origin, opened);
    return opened;
  }
  const size = page.viewportSize();
  if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
  const env = /#\/([^/?]+)/.exec(url)?.[1];
  if (env && page.url().split('#')[0] === url.split('#')[0]) await follow(page, `${url.split('#')[0]}#/${env}/environments`);
  await follow(page, url);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
const hash = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash));
const query = async (page: Page) => Object.fromEntries(new URLSearchParams((await page.evaluate(() => window.location.hash)).split('?')[1] ?? ''));

/** The event analysts ask about: CTA Clicked when prod runs rules on it, else the busiest one. */
function eventToOpen(g: Graph) {
  return g.events.find((e) => e.key === 'CTA Clicked' && e.rules.length > 0) ?? [...g.events].sort((a, b) => b.rules.length - a.rules.length)[0]!;
}

describe('the viewer on the real build, in Chromium', () => {
  it('opens prod, finds a rule by searching, and shows its detail with the source file', async () => {
    const prod = graphs.prod!;
    const page = await view(`${server.origin}/viewer/`);
    await page.waitForSelector(`output[data-rows-total="${prod.rules.length}"]`);
    expect(await hash(page)).toBe('#/prod/rules');
    // The last rule in firing order: found by search even when it is far below the fold.
    const target = prod.rules[prod.rules.length - 1]!;
    await page.getByRole('searchbox', { name: 'Search rules' }).fill(target.id);
    await page.waitForSelector(`output[data-rows-shown="${prod.rules.filter((r) => r.id.includes(target.id)).length}"]`);
    expect(await hash(page)).toBe(`#/prod/rules?q=${target.id}`);
    const link = page.getByRole('link', { name: target.id, exact: true });
    await expect.poll(() => link.isVisible()).toBe(true);
    await shot(page, 'rules-search-1280');
    await link.click();
    await page.waitForSelector('#rule-title');
    expect(await hash(page)).toBe(`#/prod/rule/${target.id}`);
    expect(await page.locator('.facts dd').first().innerText()).toBe(target.file);
    await shot(page, 'rule-detail-1280');
  });

  it("opens an event's firing order: the rules in runtime order with what they send", async () => {
    const prod = graphs.prod!;
    const event = eventToOpen(prod);
    const page = await view(`${server.origin}/viewer/#/prod/rules`);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Firing order' }).click();
    await page.getByRole('navigation', { name: 'Events' }).getByRole('link', { name: `${event.label} ${event.rules.length} rule`, exact: false }).first().click();
    await page.waitForSelector('#firing-event');
    expect(await hash(page)).toBe(`#/prod/firing/${event.key}`);
    expect(await page.locator('#firing-event').innerText()).toBe(`On ${event.label} in prod`);
    expect(await page.locator('ol.firing-list > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-rule')))).toEqual(event.rules);
    const first = prod.rules.find((r) => r.id === event.rules[0])!;
    const actions = await page.locator('ol.firing-list > li').first().locator('.actions').innerText();
    for (const a of first.actions) expect(actions).toContain(a.text);
    await shot(page, 'firing-order-1280');
    await page.setViewportSize(WIDE);
    await shot(page, 'firing-order-1920');
  });

  it('switches environment and keeps the view; the environments view has the manifest sizes', async () => {
    const event = eventToOpen(graphs.prod!);
    const page = await view(`${server.origin}/viewer/#/prod/firing/${encodeURIComponent(event.key)}`, WIDE);
    await page.waitForSelector('#firing-event');
    await page.getByRole('navigation', { name: 'Environment' }).getByRole('link', { name: 'test', exact: true }).click();
    await expect.poll(() => page.locator('#firing-event').innerText()).toBe(`On ${event.label} in test`);
    expect(await hash(page)).toBe(`#/test/firing/${event.key}`);
    const testEvent = graphs.test!.events.find((e) => e.key === event.key)!;
    expect(await page.locator('ol.firing-list > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-rule')))).toEqual(testEvent.rules);
    expect(await page.locator('.env-switch a[aria-current="page"]').innerText()).toBe('test');

    await page.getByRole('link', { name: 'Environments' }).click();
    await page.waitForSelector('.env-table');
    const rows = await page.locator('.env-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())));
    expect(rows.map((r) => r[0])).toEqual(Object.keys(manifest.environments));
    for (const r of rows) {
      const m = manifest.environments[r[0] as keyof Manifest['environments']]!;
      expect(r[3]).toBe(`${(m.bytes / 1024).toFixed(1)} KB`);
      expect(r[4]).toBe(`${(m.gzipBytes / 1024).toFixed(1)} KB`);
      expect(r[5]).toBe(String(m.rules));
    }
    await page.getByRole('link', { name: 'prod', exact: true }).first().click();
    await expect.poll(() => page.locator('h3').filter({ hasText: 'What prod leaves out' }).count()).toBe(1);
    await shot(page, 'environments-1920');
  });

  it('fetches the graph code only once the Graph tab is pointed at or focused, before it is opened', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const chunks: string[] = [];
    page.on('request', (r) => /\/assets\/graph-view-[^/]*\.js$/.test(r.url()) && chunks.push(r.url()));
    await page.goto(`${server.origin}/viewer/#/prod/rules`);
    await page.waitForSelector('output[data-rows-total]');
    expect(chunks).toEqual([]);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Graph' }).hover();
    await expect.poll(() => chunks.length).toBe(1);
    expect(await hash(page)).toBe('#/prod/rules');
    const other = await browser.newPage({ viewport: DESKTOP });
    const focused: string[] = [];
    other.on('request', (r) => /\/assets\/graph-view-[^/]*\.js$/.test(r.url()) && focused.push(r.url()));
    await other.goto(`${server.origin}/viewer/#/prod/rules`);
    await other.waitForSelector('output[data-rows-total]');
    await other.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Graph' }).focus();
    await expect.poll(() => focused.length).toBe(1);
    await page.close();
    await other.close();
  });

  it('draws the graph of an event and opens a rule from it', async () => {
    const prod = graphs.prod!;
    const event = eventToOpen(prod);
    const page = await view(`${server.origin}/viewer/#/prod/graph?event=${encodeURIComponent(event.key)}`);
    await page.waitForSelector('.react-flow__node');
    expect(await page.locator('.react-flow__node .flow-rule').count()).toBe(event.rules.length);
    expect(await page.locator('.react-flow__edge').count()).toBeGreaterThanOrEqual(event.rules.length * 2);
    await shot(page, 'graph-1280');
    await page.locator('.react-flow__node a.flow-rule').first().click();
    await page.waitForSelector('#rule-title');
    expect(event.rules).toContain(await page.locator('#rule-title').innerText());
    await page.setViewportSize(WIDE);
    await page.goto(`${server.origin}/viewer/#/prod/graph`);
    await page.waitForSelector('.react-flow__node');
    // The whole container opens on its first rules at a readable zoom, not shrunk to fit.
    const zoom = await page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    expect(zoom).toBeGreaterThan(0.5);
    await shot(page, 'graph-all-1920');
  });

  it('is usable from the keyboard: search, then sort by a column', async () => {
    const page = await open(`${server.origin}/viewer/#/prod/rules`);
    await page.waitForSelector('output[data-rows-total]');
    let focused = '';
    for (let i = 0; i < 30 && focused !== 'search'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type ?? '');
    }
    expect(focused).toBe('search');
    await page.keyboard.type('page view');
    await expect.poll(() => query(page)).toEqual({ q: 'page view' });
    for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.classList.contains('sort'))); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('th')?.getAttribute('aria-sort'))).toBe('none');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('th')?.getAttribute('aria-sort'))).toBe('ascending');
    await page.close();
  });

  it('shows the other views without errors', async () => {
    const page = await view(`${server.origin}/viewer/#/prod/data-elements`);
    for (const [view, name] of [
      ['data-elements', 'data-elements-1280'],
      ['schemas', 'schemas-1280'],
      ['mapping', 'mapping-1280'],
      ['diagnostics', 'diagnostics-1280'],
    ] as const) {
      await page.goto(`${server.origin}/viewer/#/prod/${view}`);
      await page.waitForSelector('main section h2');
      await shot(page, name);
    }
    expect(await page.locator('.diagnostics li').count()).toBe(graphs.prod!.diagnostics.length);
    expect(problems).toEqual([]);
  });
});

describe('the viewer with a synthetic 5,000-rule build, in Chromium', () => {
  it('loads, keeps only the visible rows in the DOM, scrolls to the end, and filters', async () => {
    const page = await open(`${synthetic.origin}/viewer/#/prod/rules`);
    await page.waitForSelector(`output[data-rows-total="${SYNTHETIC_RULES}"]`);
    expect(await page.locator('tbody tr:not(.spacer)').count()).toBeLessThan(100);
    await page.locator('.table-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => page.locator('tbody tr:not(.spacer)').last().getAttribute('aria-rowindex')).toBe(String(SYNTHETIC_RULES + 1));
    await page.locator('.table-scroll').evaluate((el) => (el.scrollTop = 0));

    expect(await timeSearch(page, 'cta clicked', SYNTHETIC_RULES / 10)).toBeGreaterThan(0);
    await page.locator('details[data-facet="consent"] summary').click();
    // CTA Clicked is every tenth synthetic rule; half of those need advertising consent.
    await page.locator('details[data-facet="consent"] label', { hasText: 'advertising' }).locator('input').check();
    await expect.poll(() => page.locator('output').getAttribute('data-rows-shown')).toBe(String(SYNTHETIC_RULES / 20));
    expect(await query(page)).toEqual({ q: 'cta clicked', consent: 'advertising' });
    await shot(page, 'synthetic-5000-filtered-1280');
    await page.close();
  });
});

describe('Preview in Chromium', () => {
  const insights = (consent: string) => {
    const q = new URLSearchParams({ url: 'https://www.firm.example/advisor/insights.html', consent });
    q.append('push', JSON.stringify({ event: 'Page Load Started', page: { siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } }));
    q.append('push', JSON.stringify({ event: 'Page Load Completed' }));
    return `/viewer/#/prod/preview?${q.toString()}`;
  };
  const rows = (page: Page, outcome: 'fired' | 'skipped') =>
    page.locator(`table[data-event="Page Load Completed"] tr[data-outcome="${outcome}"]`).evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelector('td:last-child')!.textContent!.trim()]));

  it('runs the advisor insights page view in prod with analytics consent: the fired rules and the decoded page view', async () => {
    const page = await view(`${served.origin}${insights('all')}`, WIDE);
    await page.waitForSelector('[data-preview-done]', { timeout: 30_000 });
    const fired = (await rows(page, 'fired')).map(([rule]) => rule);
    expect(fired).toEqual(expect.arrayContaining(['analytics-page-view', 'pixel-meta-page-view']));
    const beacon = page.locator('table[data-beacon="page view"]');
    expect(await beacon.count()).toBe(1);
    const vars = Object.fromEntries(await beacon.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent])));
    expect(vars).toMatchObject({ 'eVar22 (pageName)': 'advisor > insights > Insights', pageName: 'advisor > insights > Insights', 'eVar117 (audienceExperience)': 'advisor' });
    expect(await page.getByRole('heading', { name: 'Pixels' }).isVisible()).toBe(true);
    await shot(page, 'preview-consent-all-1920');
  });

  it('runs it again without analytics consent: the page view rule skipped for the missing consent, no beacon', async () => {
    const page = await view(`${served.origin}${insights('advertising,performance')}`, DESKTOP);
    await page.waitForSelector('[data-preview-done]', { timeout: 30_000 });
    const skipped = Object.fromEntries(await rows(page, 'skipped'));
    expect(skipped['analytics-page-view']).toBe('needs analytics consent — not granted');
    expect((await rows(page, 'fired')).map(([rule]) => rule)).toContain('pixel-meta-page-view');
    expect(await page.locator('table.beacon').count()).toBe(0);
    await shot(page, 'preview-no-analytics-1280');
    // The form reruns from the page: a skipped path condition shows the values it compared.
    await page.getByLabel('Page URL').fill('https://www.firm.example/retirement/plan.html');
    // The last run's result goes while the new one runs: waiting for it to go first, the wait
    // below is for the new result, not the one already on screen.
    const last = await page.waitForSelector('[data-preview-done]');
    await page.getByRole('button', { name: 'Run preview' }).click();
    await expect.poll(() => hash(page)).toContain('url=https://www.firm.example/retirement/plan.html');
    await page.waitForFunction((el) => !el.isConnected, last);
    await page.waitForSelector('[data-preview-done]');
    expect(problems).toEqual([]);
  });

  it('runs a project scenario picked from the list, and the link names it', async () => {
    const scenario = (await loadScenarios(REPO, join(REPO, 'tests', 'scenarios'))).find((l) => !l.environments || l.environments.includes('prod'))!.scenario;
    const page = await view(`${served.origin}/viewer/#/prod/preview`);
    const picker = page.getByLabel('Scenario');
    await picker.selectOption(scenario.name);
    expect(await page.getByLabel('Page URL').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Run preview' }).click();
    await page.waitForSelector('[data-preview-done]', { timeout: 30_000 });
    expect(await query(page)).toEqual({ scenario: scenario.name });
    expect(await page.locator('tr[data-outcome]').count()).toBeGreaterThan(0);
  });

  it("lists as written only the cookies the bundle wrote, not a scenario's own", async () => {
    const scenario = (await loadScenarios(REPO, join(REPO, 'tests', 'scenarios'))).find((l) => l.scenario.cookies && Object.keys(l.scenario.cookies).length > 1 && (!l.environments || l.environments.includes('prod')))!.scenario;
    const page = await view(`${served.origin}/viewer/#/prod/preview?scenario=${scenario.name}`);
    await page.waitForSelector('[data-preview-done]', { timeout: 30_000 });
    const rows = (kind: string) => page.locator(`table[data-cookies="${kind}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent!, tr.querySelector('td')!.textContent!] as const));
    const written = new Map(await rows('written'));
    const preset = new Map(await rows('preset'));
    // A scenario's cookie is written only when the bundle changed or removed it (the login method is consumed).
    for (const [name, value] of Object.entries(scenario.cookies!)) {
      if (written.has(name)) expect(written.get(name), name).not.toBe(value);
      else expect(preset.get(name), name).toBe(value);
    }
    expect(preset.size).toBeGreaterThan(0);
    expect(written.size).toBeGreaterThan(0);
  });

  it('says that Preview needs tagc serve where the viewer is served as static files', async () => {
    const before = problems.length;
    const page = await view(`${server.origin}${insights('all')}`);
    const note = page.getByRole('note');
    await expect.poll(() => note.textContent()).toContain('Preview needs tagc serve');
    // The one expected error: the browser logs the probe of the absent endpoint (HTTP 404).
    const logged = problems.splice(before);
    expect(logged.length).toBeLessThanOrEqual(2);
    for (const p of logged) expect(p).toMatch(/status of 404/);
  });
});

describe('Compare in Chromium', () => {
  it('compares prod with test: the rules only test runs are removed, the ones only prod runs added', async () => {
    const ids = (env: string) => new Set(graphs[env]!.rules.map((r) => r.id));
    const prod = ids('prod');
    const test = ids('test');
    const page = await view(`${server.origin}/viewer/#/prod/compare`);
    await page.getByLabel('Compare prod of this build with').selectOption('env:test');
    await page.waitForSelector('[data-compare-done]');
    expect(await query(page)).toEqual({ base: 'env:test' });
    const names = (change: string) => page.locator(`ul[data-kind="Rules"] li[data-change="${change}"]`).evaluateAll((lis) => lis.map((li) => li.getAttribute('data-name')));
    expect(await names('removed')).toEqual([...test].filter((id) => !prod.has(id)).sort());
    expect(await names('added')).toEqual([...prod].filter((id) => !test.has(id)).sort());
    expect(await names('removed')).not.toEqual([]);
    await shot(page, 'compare-prod-test-1280');
    expect(problems).toEqual([]);
  });
});

describe('Compare stg against prod in Chromium', () => {
  it('lists the QA rule and the hosted validation script that stg runs and prod does not, and the host only stg contacts', async () => {
    const page = await view(`${server.origin}/viewer/#/stg/compare?base=env:prod`);
    await page.waitForSelector('[data-compare-done]');
    const added = await page.locator('ul[data-kind="Rules"] li[data-change="added"]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-name')));
    expect(added).toEqual(expect.arrayContaining(['analytics-qa', 'script-hosted-validation']));
    expect(await page.locator('li', { hasText: 'new: qa.firm.example' }).count()).toBeGreaterThan(0);
    await shot(page, 'compare-stg-prod-1280');
    expect(problems).toEqual([]);
  });
});

describe('Compare from a tagc diff report in Chromium', () => {
  // Real `tagc diff --format json` output (tests/fixtures/diff), served beside the build as a
  // report CI publishes (or `tagc serve --diff` serves) would be.
  const REPORT = DIFF_REPORT;

  it("shows the report's structure and, per changed scenario, the request parameters by their mapping names", async () => {
    const page = await view(`${server.origin}/viewer/#/prod/compare?base=report:${REPORT}`, WIDE);
    await page.waitForSelector('[data-report-done]');
    expect(await page.locator('ul[data-kind="Data elements"] li[data-change="changed"]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-name')))).toEqual(['pageName']);
    const scenario = page.locator('section[data-scenario="advisor-faqs"]');
    expect(await scenario.count()).toBe(1);
    const v22 = await scenario.locator('tr[data-param="v22"]').first().evaluate((tr) => [...tr.children].map((c) => c.textContent));
    expect(v22).toEqual(['eVar22 (pageName)', 'advisor > faqs > FAQs', 'advisor > faqs > Frequently Asked Questions']);
    await shot(page, 'compare-diff-report-1920');
    // An environment the report leaves out says so.
    const dev = await view(`${server.origin}/viewer/#/dev/compare?base=report:${REPORT}`);
    await dev.waitForSelector('[data-report-done]');
    expect(await dev.locator('[data-report-done]').textContent()).toContain('The report does not cover dev; it covers prod, stg.');
    expect(problems).toEqual([]);
  });

  it('opens a report chosen from disk, and refuses a file of another shape with where it differs', async () => {
    const page = await view(`${server.origin}/viewer/#/stg/compare`);
    const input = page.getByLabel(/Or open a tagc diff report/);
    await input.setInputFiles({ name: 'graph.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(graphs.prod)) });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^The report could not be opened: graph\.json is not a tagc diff report \(--format json\) this viewer can show: format: expected a number/);
    await input.setInputFiles(join(REPO, 'tests', 'fixtures', 'diff', 'page-name-report.json'));
    await page.waitForSelector('section[data-scenario="advisor-faqs"]');
    expect(await query(page)).toEqual({ base: 'report:local:page-name-report.json' });
    expect(problems).toEqual([]);
  });
});

describe('accessibility of every view, axe-core in Chromium', () => {
  const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  type Finding = { id: string; impact: string | null; nodes: number; help: string; first: string };

  async function audit(page: Page): Promise<Finding[]> {
    // Once per document: the script stays loaded across the viewer's hash changes.
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string | null; nodes: { html: string; failureSummary?: string }[]; help: string }[] }> } }).axe;
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help, first: `${v.nodes[0]?.html ?? ''} ${v.nodes[0]?.failureSummary ?? ''}`.slice(0, 300) }));
    });
  }

  it('finds no serious or critical violation in any view, each opened by its link at 1024×768', async () => {
    const prod = graphs.prod!;
    const views: [string, string, string][] = [
      ['rules', `${server.origin}/viewer/#/prod/rules`, 'output[data-rows-total]'],
      ['rules (searched)', `${server.origin}/viewer/#/prod/rules?q=event:${encodeURIComponent('page load')}`, 'mark'],
      ['rule detail', `${server.origin}/viewer/#/prod/rule/${prod.rules[0]!.id}`, '#rule-title'],
      ['firing order', `${server.origin}/viewer/#/prod/firing/${encodeURIComponent(eventToOpen(prod).key)}`, 'main section h2'],
      ['graph', `${server.origin}/viewer/#/prod/graph/${encodeURIComponent(eventToOpen(prod).key)}`, '.react-flow__node'],
      ['data elements', `${server.origin}/viewer/#/prod/data-elements`, 'main section h2'],
      ['schemas', `${server.origin}/viewer/#/prod/schemas`, 'main section h2'],
      ['analytics mapping', `${server.origin}/viewer/#/prod/mapping`, 'main section h2'],
      ['environments', `${server.origin}/viewer/#/prod/environments`, '.env-table'],
      ['diagnostics', `${server.origin}/viewer/#/prod/diagnostics`, 'main section h2'],
      ['preview (static)', `${server.origin}/viewer/#/prod/preview`, '.notice'],
      ['compare (prod with test)', `${server.origin}/viewer/#/prod/compare?base=env:test`, '[data-compare-done]'],
      ['compare (tagc diff report)', `${server.origin}/viewer/#/prod/compare?base=report:${DIFF_REPORT}`, '[data-report-done]'],
      ['releases (not published)', `${server.origin}/viewer/#/prod/releases`, '.notice'],
      ['unknown environment', `${server.origin}/viewer/#/qa/rules`, '[role="alert"]'],
      // Last, those of tagc serve's origin (the Preview tests' page): axe-core loaded once per document.
      ['preview (served, result)', `${served.origin}/viewer/#/prod/preview?url=${encodeURIComponent('https://www.firm.example/advisor/insights.html')}&consent=all&push=${encodeURIComponent('{"event":"Page Load Completed"}')}`, '[data-preview-done]'],
      ['preview (scenario, preset and written cookies)', `${served.origin}/viewer/#/prod/preview?scenario=advisor-generic-user`, 'table[data-cookies="preset"]'],
    ];
    const report: Record<string, Finding[]> = {};
    for (const viewport of [{ width: 1024, height: 768 }]) {
      for (const [name, url, ready] of views) {
        // Each view mounted anew (view()), so that `ready` cannot be found in the last one.
        const page = await view(url, viewport);
        await page.waitForSelector(ready, { timeout: 30_000 });
        report[`${name} @${viewport.width}`] = await audit(page);
      }
    }
    writeFileSync(join(ARTIFACTS, 'axe-report.json'), JSON.stringify(report, null, 2));
    const blocking = Object.entries(report).flatMap(([view, list]) => list.filter((f) => f.impact === 'serious' || f.impact === 'critical').map((f) => `${view}: ${f.id} (${f.impact}, ${f.nodes} nodes): ${f.help}; first: ${f.first}`));
    expect(blocking).toEqual([]);
    expect(Object.keys(report)).toHaveLength(views.length);
  }, 180_000);
});
