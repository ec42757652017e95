import { chromium, type Browser, type BrowserServer } from 'playwright-core';

// Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Headless Chromium says "HeadlessChrome", which the container treats as a bot; pages under test use this. */
export const DESKTOP_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/**
 * Browser UI no page here uses: Chromium 156 preloads the omnibox popup's WebUI, in a renderer of
 * its own, for every browser context (each an off-the-record profile), about 0.7 s of CPU a
 * context, which on a small machine competes with the page being measured or tested.
 */
export const UNUSED_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE = '--disable-features=';
const launchServer = (args: string[]) => chromium.launchServer({ executablePath: CHROMIUM_PATH, args, headless: true });

/**
 * Chromium as a server (for clients that connect by its endpoint) without UNUSED_UI. Chromium keeps
 * only the last --disable-features it is given, and Playwright gives its own list (features that
 * would change how its routing and pages behave) before ours: read from the first launch's command
 * line, that list is kept in the flag that also disables UNUSED_UI.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  const first = await launchServer(CHROMIUM_ARGS);
  const lists = first.process().spawnargs.filter((a) => a.startsWith(DISABLE)).map((a) => a.slice(DISABLE.length).split(',').filter(Boolean));
  const wanted = [...new Set([...lists.flat(), ...UNUSED_UI])];
  const effective = new Set(lists.at(-1));
  if (wanted.every((f) => effective.has(f))) return first;
  await first.close();
  return launchServer([...CHROMIUM_ARGS, `${DISABLE}${wanted.join(',')}`]);
}

/** Chromium for the bench: launchChromiumServer's, connected; closing the browser stops it. */
export async function launchChromium(): Promise<Browser> {
  const server = await launchChromiumServer();
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    browser.on('disconnected', () => void server.close());
    return browser;
  } catch (error) {
    await server.close();
    throw error;
  }
}
