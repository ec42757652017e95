import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT } from '../../compiler/bench/chromium';
import { connectChromium } from '../helpers/chromium';
import { promote, publish, releases, rollback } from '../../compiler/publish';
import { S3Target } from '../../compiler/publish/s3-target';
import { snippets } from '../../compiler/publish/snippet';
import { startServer, type RunningServer } from '../../compiler/serve/server';
import { runGzipCache } from '../helpers/encode-once';
import { sampleBuilds, type SampleBuild, type SampleBuilds } from '../helpers/published-builds';
import { BUCKET, startS3, type LocalS3 } from '../helpers/s3';

// Published builds in real Chromium: pages on http://localhost (an allowed domain of the sample
// container) load the prod bundle across origins from the S3 protocol server, through the stable
// URL and through the pinned snippet with SRI (the bundle stored gzip-encoded, served with
// Content-Encoding: gzip: SRI is checked on the decoded bytes); the stable viewer opens the viewer
// of prod's build.

let s3: LocalS3;
let builds: SampleBuilds;
let pages: RunningServer;
let browser: Browser;
/** One context for the viewer's pages (each test's a new page, a new document): a page costs Chromium about half a new context's. */
let viewers: BrowserContext;
let target: S3Target;
let publicUrl: string;
const ids: Record<'a' | 'b', string> = { a: '', b: '' };
const html = new Map<string, string>();

beforeAll(async () => {
  [s3, builds, browser] = await Promise.all([startS3(), sampleBuilds('publish-browser'), connectChromium()]);
  viewers = await browser.newContext();
  target = new S3Target(`s3://${BUCKET}/web`, { endpoint: s3.endpoint });
  publicUrl = target.defaultPublicUrl()!;
  // The run's gzip cache: the other publishing files publish the same sample builds (zopfli's bytes are theirs to test).
  const publishOne = (b: SampleBuild) => publish(target, { buildDir: b.dir, root: b.dir, commit: b.commit, actor: 'ci', gzipCache: runGzipCache() });
  ids.a = (await publishOne(builds.a)).buildId;
  await promote(target, 'prod', ids.a, { actor: 'ci' });
  ids.b = (await publishOne(builds.b)).buildId;
  await promote(target, 'prod', ids.b, { actor: 'ci' });
  pages = await startServer({
    routes: [
      (req, res) => {
        if (req.url === '/favicon.ico') {
          res.statusCode = 204;
          res.end();
          return true;
        }
        const body = html.get(req.url ?? '');
        if (body === undefined) return false;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html><head>${body}</head><body><h1>publish test</h1></body></html>`);
        return true;
      },
    ],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await s3?.close();
  builds?.remove();
});

/**
 * Opens a page in a fresh context (no cache carried over) and returns the build hash the bundle
 * reports, or null, and the Content-Encoding each bundle response from the bucket came with.
 */
async function loadedHash(path: string): Promise<{ hash: string | null; errors: string[]; bundleEncodings: (string | null)[] }> {
  const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  const bundles: Promise<string | null>[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
    if (r.url().startsWith(publicUrl) && /\/container(\.[0-9a-f]{16})?\.min\.js$/.test(r.url())) bundles.push(r.headerValue('content-encoding'));
  });
  await page.goto(`http://localhost:${pages.port}${path}`, { waitUntil: 'load' });
  const hash = await page.evaluate(() => (window as unknown as { tagc?: { buildInfo: { hash: string } } }).tagc?.buildInfo.hash ?? null);
  const bundleEncodings = await Promise.all(bundles);
  await context.close();
  return { hash, errors, bundleEncodings };
}

const hashOf = (b: SampleBuild) => /container\.([0-9a-f]{16})\.min\.js$/.exec(b.manifest.environments.prod!.file)![1];

describe('published bundles in Chromium', () => {
  it('loads the prod bundle from the stable URL of the bucket', async () => {
    html.set('/stable', (await snippets(target, 'prod', publicUrl)).stable.html);
    const { hash, errors, bundleEncodings } = await loadedHash('/stable');
    expect(hash).toBe(hashOf(builds.b));
    expect(errors).toEqual([]);
    expect(bundleEncodings).toEqual(['gzip']);
  });

  it('loads a pinned build with SRI across origins, and refuses it when the integrity does not match', async () => {
    const pinned = await snippets(target, 'prod', publicUrl, ids.a);
    html.set('/pinned', pinned.pinned.html);
    const { hash, errors, bundleEncodings } = await loadedHash('/pinned');
    expect(hash).toBe(hashOf(builds.a));
    expect(errors).toEqual([]);
    // Stored gzip-encoded: SRI holds for the decoded bytes, which the integrity names.
    expect(bundleEncodings).toEqual(['gzip']);
    expect(pinned.pinned.integrity).toBe(builds.a.manifest.environments.prod!.integrity);

    const other = await snippets(target, 'prod', publicUrl, ids.b);
    html.set('/tampered', pinned.pinned.html.replace(pinned.pinned.integrity, other.pinned.integrity));
    const blocked = await loadedHash('/tampered');
    expect(blocked.hash).toBeNull();
    expect(blocked.errors.join('\n')).toMatch(/integrity/i);
  });

  it('serves the previous build from the stable URL after tagc rollback', async () => {
    await rollback(target, 'prod', { actor: 'on-call' });
    expect((await loadedHash('/stable')).hash).toBe(hashOf(builds.a));
  });

  it("opens the viewer of prod's build from the stable viewer URL, keeping the route", async () => {
    const page = await viewers.newPage();
    await page.goto(`${publicUrl}/viewer/index.html#/prod/rule/page-view`);
    await page.waitForSelector('#rule-title');
    expect(await page.locator('#rule-title').innerText()).toBe('page-view');
    expect(page.url()).toBe(`${publicUrl}/builds/${ids.a}/viewer/index.html#/prod/rule/page-view`);
    await page.close();
  });

  it("shows every environment's release history in the viewer of a published build, newest first, with what runs now", async () => {
    const page = await viewers.newPage();
    await page.goto(`${publicUrl}/builds/${ids.b}/viewer/index.html#/prod/releases`);
    await page.waitForSelector('table.releases[data-env="prod"] tbody tr');
    const rows = (env: string) => page.locator(`table.releases[data-env="${env}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-build'), tr.getAttribute('data-action')]));
    // publish a, promote a, publish b, promote b, rollback to a (the tests above).
    expect(await rows('prod')).toEqual([[ids.a, 'rollback'], [ids.b, 'promote'], [ids.a, 'promote']]);
    expect(await rows('dev')).toEqual([[ids.b, 'publish'], [ids.a, 'publish']]);
    const stored = await releases(target, ['prod']);
    expect((await rows('prod')).length).toBe(stored[0]!.releases.length);
    expect(await page.locator('table.releases[data-env="prod"] tbody tr').first().locator('.badge').innerText()).toBe('running');
    expect(await page.locator('table.releases[data-env="stg"]').count()).toBe(0);
    expect(await page.getByText('stg: never released.').count()).toBe(1);
    // Each build opens in its own viewer.
    await page.locator(`table.releases[data-env="prod"] tbody tr[data-action="promote"]`).last().locator('th > a').first().click();
    await page.waitForSelector('output[data-rows-total]');
    expect(page.url()).toBe(`${publicUrl}/builds/${ids.a}/viewer/index.html#/prod/rules`);
    await page.close();
  });

  it('compares prod of build b with prod of build a, picked from the builds prod ran', async () => {
    const page = await viewers.newPage();
    await page.goto(`${publicUrl}/builds/${ids.b}/viewer/index.html#/prod/compare`);
    const picker = page.getByLabel('Compare prod of this build with');
    await expect.poll(() => picker.locator('option').allTextContents()).toContain(`build ${ids.a}`);
    await picker.selectOption(`build:${ids.a}`);
    await page.waitForSelector('[data-compare-done]');
    // The two builds differ only by their build time: not the same bytes, no structural change.
    expect(await page.locator('[data-compare-done]').getAttribute('data-changed')).toBe('no');
    expect(await page.getByText('No structural change.').count()).toBe(1);
    expect(await page.locator('h3', { hasText: 'Rules: no change' }).count()).toBe(1);
    await page.close();
  });

  it('says a build that is not on the bucket was never published there or was pruned, when compared with', async () => {
    const page = await viewers.newPage();
    const gone = 'c3c3c3c3c3c3-0123456789ab';
    await page.goto(`${publicUrl}/builds/${ids.b}/viewer/index.html#/prod/compare?base=build:${gone}`);
    const message = page.getByText(`build ${gone} is not on the bucket (HTTP 404): it was never published there, or tagc prune removed it`);
    await message.waitFor();
    expect(await message.count()).toBe(1);
    await page.close();
  });
});
