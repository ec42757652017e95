// The bundle runs only on the firm's hosts (the site configuration's allow-list) or from a
// locally opened file, so a copied container cannot send data from someone else's page.

export function isAuthorisedHost(location: Pick<Location, 'protocol' | 'hostname'>, domains: readonly string[]): boolean {
  if (location.protocol === 'file:') return true;
  const host = location.hostname.replace(/\.$/, '');
  return domains.some((domain) => {
    const d = domain.toLowerCase();
    return host === d || host.endsWith(`.${d}`);
  });
}
