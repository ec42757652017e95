import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFlight, type InFlight } from '../../compiler/bench/in-flight';
import { routeOwnHostsTo } from '../../compiler/bench/route-hosts';
import { startServer, type RunningServer } from '../../compiler/serve/server';
import { connectChromium } from '../helpers/chromium';

// The bench starts its burst only once the harness has answered the page's earlier requests
// (stacks.ts): the routes count each request from the moment they take it until they have
// fulfilled or refused it.

let browser: Browser;
let server: RunningServer;
const held: (() => void)[] = [];

beforeAll(async () => {
  browser = await connectChromium();
  server = await startServer({
    routes: [
      (req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (path === '/page') {
          res.setHeader('Content-Type', 'text/html');
          res.end('<!doctype html><p>page</p>');
        } else if (path === '/held') {
          held.push(() => {
            res.statusCode = 204;
            res.end();
          });
        } else if (path === '/dropped') {
          req.socket.destroy();
        } else return false;
        return true;
      },
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page on a routed host; `taken()` is how many requests the routes have taken so far. */
async function pageWith(requests: InFlight): Promise<{ context: BrowserContext; send: (path: string) => Promise<void>; taken: () => number }> {
  let taken = 0;
  const context = await browser.newContext();
  await routeOwnHostsTo(context, server, { hosts: /(^|\.)bench\.example$/, inFlight: { begin: () => (taken++, requests.begin()), end: requests.end } });
  const page = await context.newPage();
  await page.goto('https://www.bench.example/page');
  return { context, send: (path) => page.evaluate(`new Image().src = ${JSON.stringify(path)}`), taken: () => taken };
}

describe("the bench's count of the requests its routes have not answered", () => {
  it('counts a request until it is answered, and settled() waits for it', async () => {
    const requests = inFlight();
    const { context, send } = await pageWith(requests);
    try {
      await expect.poll(() => requests.count()).toBe(0);
      await send('/held');
      await expect.poll(() => held.length).toBe(1);
      expect(requests.count()).toBe(1);
      let settled = false;
      const waiting = requests.settled().then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toBe(false);
      held.splice(0).forEach((answer) => answer());
      await waiting;
      expect(requests.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('counts down a request the route refuses, and gives up waiting after its timeout', async () => {
    const requests = inFlight();
    const { context, send, taken } = await pageWith(requests);
    try {
      const before = taken();
      await send('/dropped');
      await expect.poll(taken).toBeGreaterThan(before);
      await expect.poll(() => requests.count()).toBe(0);
      await send('/held');
      await expect.poll(() => held.length).toBe(1);
      expect(await requests.settled(100)).toBeGreaterThanOrEqual(100);
      expect(requests.count()).toBe(1);
      held.splice(0).forEach((answer) => answer());
      await expect.poll(() => requests.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
