// Every view has a URL: `#/<env>/<view>[/<arg>][?query]`, e.g. `#/prod/firing/CTA%20Clicked` or
// `#/prod/rules?q=advisor&event=CTA%20Clicked`. Hash routing keeps the viewer a static app.

export const VIEWS = ['rules', 'firing', 'graph', 'data-elements', 'schemas', 'mapping', 'environments', 'diagnostics', 'preview', 'compare', 'releases', 'rule'] as const;
export type View = (typeof VIEWS)[number];

export interface Route {
  env: string | null;
  view: View;
  /** The rule id of `rule`, the event key of `firing`. */
  arg: string | null;
  query: URLSearchParams;
}

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const query = new URLSearchParams(q === -1 ? '' : raw.slice(q + 1));
  const [env, view, ...rest] = path.split('/').map((s) => safeDecode(s));
  const known = (VIEWS as readonly string[]).includes(view ?? '') ? (view as View) : 'rules';
  const arg = rest.length ? rest.join('/') : null;
  return { env: env || null, view: known, arg: arg || null, query };
}

export function formatRoute(route: { env: string | null; view: View; arg?: string | null; query?: URLSearchParams | Record<string, string> }): string {
  const parts = [route.env ?? '', route.view, ...(route.arg ? [route.arg] : [])].map((s) => encodeURIComponent(s));
  const query = route.query instanceof URLSearchParams ? route.query : new URLSearchParams(route.query ?? {});
  const qs = query.toString();
  return `#/${parts.join('/')}${qs ? `?${qs}` : ''}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
