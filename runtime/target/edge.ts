// The A/B trust boundary's first half: which host may serve deliveries. Only the configured edge
// host and hosts under the site's allowed edge domains; a value from the `mbox` cookie (which any
// sibling subdomain can set) or from a response is used only if it is a bare host name there.

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export function allowedEdge(host: unknown, edgeHost: string, domains: readonly string[] = []): host is string {
  if (typeof host !== 'string' || !HOST.test(host)) return false;
  const h = host.toLowerCase();
  return h === edgeHost.toLowerCase() || domains.some((d) => h === d.toLowerCase() || h.endsWith(`.${d.toLowerCase()}`));
}
