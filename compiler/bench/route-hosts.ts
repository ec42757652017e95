import type { BrowserContext } from 'playwright-core';
import type { Manifest } from '../graph-types';
import type { Route as ServerRoute, RunningServer } from '../serve/server';
import type { InFlight } from './in-flight';

// The site a bench or browser test pretends to be, learnt from the build (build/manifest.json
// `simulate`: the site configuration's entry URL and allowed domains), never from a container.

export interface BenchSite {
  /** Origin of the site's entry page, e.g. https://www.shop.example. */
  origin: string;
  /** The site's own hosts: its allowed domains and their subdomains. */
  hosts: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The site of a build; throws for a build whose manifest lacks the site settings. */
export function benchSite(manifest: Manifest): BenchSite {
  const url = manifest.simulate?.url;
  const domains = manifest.simulate?.allowedDomains ?? [];
  if (!url || !domains.length) throw new Error('build/manifest.json has no simulate.url or simulate.allowedDomains: rebuild with this tagc, and give the site configuration hosts.entry and allowedDomains');
  return { origin: new URL(url).origin, hosts: new RegExp(`(^|\\.)(${domains.map(escape).join('|')})$`) };
}

/**
 * The container runs only on its site's hosts, so browser tests keep the real host names and
 * route their requests to the local server (which records them), like a hosts file. With
 * `allHosts`, third-party hosts (consent notice, monitoring, pixels) go there too; otherwise
 * they are refused, since nothing may leave the machine. `inFlight` counts the requests being routed.
 */
export async function routeOwnHostsTo(context: BrowserContext, server: RunningServer, options: { hosts: RegExp; allHosts?: boolean; inFlight?: Pick<InFlight, 'begin' | 'end'> }): Promise<void> {
  const hosts = options.hosts;
  const local = (url: URL) => url.href.startsWith(server.origin);
  await context.route(
    (url) => !local(url) && (options.allHosts || hosts.test(url.hostname)),
    async (route) => {
      const u = new URL(route.request().url());
      options.inFlight?.begin();
      try {
        const response = await route.fetch({ url: `${server.origin}${u.pathname}${u.search}`, maxRedirects: 0, headers: { ...route.request().headers(), 'x-original-host': u.host } });
        await route.fulfill({ response });
      } catch {
        await route.abort('failed').catch(() => undefined);
      } finally {
        options.inFlight?.end();
      }
    },
  );
  if (!options.allHosts) await context.route((url) => !local(url) && !hosts.test(url.hostname), (route) => route.abort('blockedbyclient').catch(() => undefined));
}

/**
 * Stands in for third-party hosts (reached through `allHosts`): scripts get an empty script (the
 * monitoring one a minimal DD_RUM with init), anything else an empty 204, like a quiet CDN.
 */
export const thirdPartyStubRoute =
  (hosts: RegExp): ServerRoute =>
  (req, res) => {
  const host = String(req.headers['x-original-host'] ?? '').replace(/:\d+$/, '');
  if (!host || hosts.test(host)) return false;
  const path = (req.url ?? '').split('?')[0];
  if (/\.(js|ashx)$/.test(path) || path.endsWith('/notice')) {
    res.setHeader('Content-Type', 'application/javascript');
    res.end(path.includes('rum') ? 'window.DD_RUM = { init: function () {} };' : '/* stub */');
  } else {
    res.statusCode = 204;
    res.end();
  }
  return true;
};

/** The site's own scripts that are not part of the build (bundles and debug companions are) (co-browse, geo, themes, tags): empty scripts. */
export const ownScriptStubRoute: ServerRoute = (req, res) => {
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'GET' || !/\.(js|ashx)$/.test(path) || /\/(container\.[0-9a-f]+\.min|debug\.[0-9a-f]+)\.js$/.test(path)) return false;
  res.setHeader('Content-Type', 'application/javascript');
  res.end('/* stub */');
  return true;
};
