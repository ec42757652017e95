// Pages where consent is not asked and every category counts as granted (spec §4, docs/site-config.md):
// the authoring and localhost hosts, the skip flag, restricted-webinar paths and cookie pages.

export interface SkipRules {
  hosts: readonly string[];
  pathPrefixes: readonly string[];
  paths: readonly string[];
  /** Query parameter that skips consent (e.g. skipconsent=1). */
  query: { name: string; value: string };
  /** Window global that skips consent when it is `true`. */
  global: string;
}

export function consentSkipped(win: Window & typeof globalThis, rules: SkipRules): boolean {
  try {
    const { hostname, pathname, search } = win.location;
    if (rules.hosts.includes(hostname)) return true;
    if (rules.pathPrefixes.some((p) => pathname.startsWith(p)) || rules.paths.includes(pathname)) return true;
    if (new URLSearchParams(search).get(rules.query.name) === rules.query.value) return true;
    return (win as unknown as Record<string, unknown>)[rules.global] === true;
  } catch {
    return false;
  }
}
