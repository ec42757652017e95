import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromiumServer, UNUSED_UI } from '../../compiler/bench/chromium';

// The Chromium the bench and the test suite start (compiler/bench/chromium.ts): without the omnibox
// popup Chromium 156 preloads in a renderer of its own for every context, and with Playwright's own
// disabled features still disabled (Chromium keeps only the last --disable-features).

const DISABLE = '--disable-features=';
const lastDisabled = (args: string[]) => new Set(args.filter((a) => a.startsWith(DISABLE)).at(-1)?.slice(DISABLE.length).split(','));

// Two Chromiums for the file, started once and read by both tests (each test started its own: six
// browser starts, launchChromiumServer's two each included, where three serve): as Playwright
// starts it with the same flags, and as the bench and the tests do.
let plain: BrowserServer;
let ours: BrowserServer;
const connected: Browser[] = [];
beforeAll(async () => {
  [plain, ours] = await Promise.all([chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }), launchChromiumServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all(connected.map((b) => b.close()));
  await Promise.all([plain?.close(), ours?.close()]);
});

async function popupTargets(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  return targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url);
}

/** Chromium preloads the omnibox popup's WebUI for every context from version 156. */
const preloadsOmniboxPopup = (version: string) => Number(version.split('.')[0]) >= 156;

describe("the bench's and the tests' Chromium", () => {
  it("keeps Playwright's disabled features and adds the unused browser UI to them", () => {
    const playwrights = lastDisabled(plain.process().spawnargs);
    const effective = lastDisabled(ours.process().spawnargs);
    expect(playwrights.size).toBeGreaterThan(0);
    for (const feature of [...playwrights, ...UNUSED_UI]) expect(effective.has(feature), feature).toBe(true);
  });

  it('opens no omnibox popup for a context, where Chromium as Playwright starts it does', async () => {
    const [plainBrowser, ourBrowser] = await Promise.all([chromium.connect(plain.wsEndpoint()), chromium.connect(ours.wsEndpoint())]);
    connected.push(plainBrowser, ourBrowser);
    await Promise.all([plainBrowser, ourBrowser].map(async (b) => (await b.newContext()).newPage()));
    // The control, where this Chromium preloads the popup (from 156; Debian has shipped 150 since):
    // Playwright's Chromium opens it for its context, and by then ours would have too.
    if (preloadsOmniboxPopup(plainBrowser.version())) await expect.poll(() => popupTargets(plainBrowser), { timeout: 20_000 }).not.toEqual([]);
    expect(await popupTargets(ourBrowser)).toEqual([]);
  }, 60_000);
});
