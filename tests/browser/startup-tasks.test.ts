import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentCookieFor, PAGE_LOAD_STARTED } from '../../compiler/bench/bench-page';
import { DESKTOP_USER_AGENT } from '../../compiler/bench/chromium';
import { routeOwnHostsTo } from '../../compiler/bench/route-hosts';
import type { RunningServer } from '../../compiler/serve/server';
import { prodRulesOn, START_UP_EVENTS, startBrowserSite, type BrowserSite } from '../helpers/browser-site';
import { realBuild } from '../helpers/real-build';

// Start-up cut into tasks (runtime/core/slices.ts), in real Chromium with the CPU slowed 4x: the
// prod bundle runs the queued events' rules in several tasks where the browser has
// scheduler.postTask (the script's own task runs them only until its budget is spent, which its
// start-up alone may spend), in one task where it has not, and in the same order either way.

let site: BrowserSite;
let server: RunningServer;
let browser: Browser;
let bundle: string;
/** How many prod rules start-up triggers: those on Library Loaded, the queued Page Load Started, DOM ready and window loaded. */
let startUpRules: number;

/** [event, rule, n]: n numbers the synchronous runs (a microtask ends each), so a new n is a new task. */
type Seen = [string, string, number][];

/** The page's clock: real, frozen (never advances), or stepping (each reading 3 ms after the last). */
type Clock = 'real' | 'frozen' | 'stepping';

const CLOCKS: Record<Clock, string> = {
  real: '',
  frozen: 'performance.now = function () { return 0; };',
  stepping: 'var now = 0; performance.now = function () { return (now += 3); };',
};

const PRELUDE = (withScheduler: boolean, consentCookie: string | null, clock: Clock) => `
${withScheduler ? '' : "Object.defineProperty(window, 'scheduler', { configurable: true, value: undefined });"}
${CLOCKS[clock]}
${consentCookie ? `document.cookie = ${JSON.stringify(`${consentCookie}; path=/`)};` : ''}
var runs = window.__runs = { n: 0, live: 0, seen: [], firstInScript: null };
window.__tagcMonitors = [{ ruleTriggered: function (e) {
  if (runs.firstInScript === null) runs.firstInScript = !runs.scriptReturned;
  if (!runs.live) { runs.live = ++runs.n; queueMicrotask(function () { runs.live = 0; }); }
  runs.seen.push([e.event, e.rule, runs.live]);
} }];
window.appEventData = [${JSON.stringify(PAGE_LOAD_STARTED)}];`;

beforeAll(async () => {
  site = await startBrowserSite('startup-tasks', () => () => false);
  ({ server, browser } = site);
  bundle = readFileSync(join(realBuild(), site.manifest.environments.prod!.file), 'utf8');
  startUpRules = prodRulesOn(site.manifest, START_UP_EVENTS);
}, 120_000);

afterAll(() => site?.close());

/** What a load recorded: the rules reached, in order, with their run; the runs begun when the script ended; whether the first rule ran before the bundle's script reached its last statement; whether the data layer had attached when the script ended. */
interface Load {
  seen: Seen;
  atScriptEnd: number;
  firstInScript: boolean | null;
  attachedAtScriptEnd: boolean;
}

/** A cold load of the inlined prod bundle at 4x CPU throttling. */
async function loadWithScriptEnd(withScheduler: boolean, clock: Clock = 'real'): Promise<Load> {
  const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
  try {
    await routeOwnHostsTo(context, server, { hosts: site.site.hosts, allHosts: true });
    const html = `<!doctype html><html><head><title>start-up</title><script>${PRELUDE(withScheduler, consentCookieFor(site.manifest.simulate?.consent), clock)}</script>
<script>${bundle.replace(/<\/script/gi, '<\\/script').replace(/\/\/# sourceMappingURL=.*$/m, '')}
window.__runs.scriptReturned = true;</script>
<script>window.__runs.atScriptEnd = window.__runs.n; window.__runs.attachedAtScriptEnd = window.appEventData.push !== Array.prototype.push;</script></head><body><main><h1>Start-up</h1></main></body></html>`;
    await context.route(`${site.site.origin}/startup`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${site.site.origin}/startup`, { waitUntil: 'load' });
    // Start-up is over once every rule of its events has been reached (window loaded's, the last,
    // are queued behind the slices at 4x): a fixed wait could read the runs of a sliced start-up
    // still under way on a loaded machine.
    await page.waitForFunction((n) => (window as unknown as { __runs: { seen: unknown[] } }).__runs.seen.length >= n, startUpRules, { timeout: 30_000 });
    return await page.evaluate(() => (window as unknown as { __runs: Load }).__runs);
  } finally {
    await context.close();
  }
}

// One cold load each way and clock for the file (a throttled load costs seconds): the order test
// compares the very two loads whose task split the other two tests check, and the frozen clock's
// sliced load answers both the first rule's test and the project's.
const loads = new Map<string, ReturnType<typeof loadWithScriptEnd>>();
const loadOnce = (withScheduler: boolean, clock: Clock = 'real') => {
  const key = `${withScheduler} ${clock}`;
  return loads.get(key) ?? loads.set(key, loadWithScriptEnd(withScheduler, clock)).get(key)!;
};
const load = async (withScheduler: boolean): Promise<Seen> => (await loadOnce(withScheduler)).seen;

const startUp = (seen: Seen) => seen.filter(([event]) => event === 'libraryLoaded' || event === 'Page Load Started');

describe('start-up in tasks, in Chromium at 4x CPU throttling', () => {
  it("runs the queued events in several tasks after the script's own, the Library Loaded rules first", async () => {
    const { seen: all, atScriptEnd } = await loadOnce(true);
    const seen = startUp(all);
    // How much the script's own task runs depends on how fast it compiled (V8's code cache makes a
    // second load faster): at most the budget's worth, and the rest in later tasks.
    expect(Math.max(...seen.map(([, , run]) => run))).toBeGreaterThan(atScriptEnd);
    expect(seen.findIndex(([event]) => event === 'Page Load Started')).toBeGreaterThan(0);
    expect(seen[0][0]).toBe('libraryLoaded');
    expect(new Set(seen.map(([, , run]) => run)).size).toBeGreaterThan(1);
  });

  it("runs them in one task, the script's own, without scheduler.postTask", async () => {
    const { seen: all, atScriptEnd } = await loadOnce(false);
    const seen = startUp(all);
    expect(atScriptEnd).toBe(1);
    expect(seen.length).toBeGreaterThan(2);
    expect(new Set(seen.map(([, , run]) => run))).toEqual(new Set([1]));
  });

  // Why (runtime/core/start.ts): in Chromium the first cookie read made while the bundle's own
  // script still runs waits 5-25 ms, and the same read from a microtask does not. A clock that
  // never advances leaves every slice's budget unspent, so only that rule keeps the first rule out.
  it("starts the rules once the bundle's script has returned where start-up is sliced, and inside it where it is not", async () => {
    expect((await loadOnce(true, 'frozen')).firstInScript).toBe(false);
    expect((await loadOnce(false)).firstInScript).toBe(true);
  });

  // A clock that advances 3 ms a reading makes the bundle's evaluation before start() take 3 ms:
  // more than a third of a task's budget, so the prod bundle, whose project its function makes
  // (compiler/phases/5-emit/project-function.ts), leaves making it and attaching the data layer to
  // start-up's next task; a frozen clock (a fast device) makes it and attaches in the bundle's task.
  it("makes the project and attaches the data layer in start-up's next task where the bundle's evaluation took a third of a task, in its own task where it took nothing", async () => {
    const [slow, fast] = [await loadOnce(true, 'stepping'), await loadOnce(true, 'frozen')];
    expect(slow.attachedAtScriptEnd).toBe(false);
    expect(slow.atScriptEnd).toBe(0);
    expect(fast.attachedAtScriptEnd).toBe(true);
    const order = (seen: Seen) => seen.map(([event, rule]) => `${event} ${rule}`);
    expect(order(slow.seen)).toEqual(order(await load(false)));
  });

  it('reaches the same rules in the same order either way', async () => {
    const [sliced, whole] = [await load(true), await load(false)];
    const order = (seen: Seen) => seen.map(([event, rule]) => `${event} ${rule}`);
    expect(order(sliced)).toEqual(order(whole));
    expect(order(whole).some((rule) => rule.startsWith('domReady '))).toBe(true);
  });
});
