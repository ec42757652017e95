import type { BrowserContext } from 'playwright-core';
import type { RunningServer } from '../serve/server';

/**
 * The container runs only on the firm's hosts, so browser tests keep the real host names and
 * route every request for them to the local server (which records it), like a hosts file.
 */
export async function routeFirmHostsTo(context: BrowserContext, server: RunningServer, hosts = /(^|\.)(firm\.example|firm-internal\.example|icanretire\.example|planinsights\.example)$/): Promise<void> {
  await context.route(
    (url) => hosts.test(url.hostname),
    async (route) => {
      const u = new URL(route.request().url());
      try {
        const response = await route.fetch({ url: `${server.origin}${u.pathname}${u.search}`, maxRedirects: 0 });
        await route.fulfill({ response });
      } catch {
        await route.abort('failed').catch(() => undefined);
      }
    },
  );
  // Anything else would leave the machine: refuse it.
  await context.route((url) => !hosts.test(url.hostname) && !url.href.startsWith(server.origin), (route) => route.abort('blockedbyclient').catch(() => undefined));
}
