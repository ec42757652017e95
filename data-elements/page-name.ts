import { computed } from '../runtime/declare';
import { byAddress } from '../runtime/data-elements/page-info';
import { decode } from '../runtime/core/cookies';
import { site } from '../rules/site.config';

// Page names of spec §2. The spec gives two names verbatim ("home > Home", "about-us > About Us");
// the others follow the same shape: the path's slugs joined by " > ", then the last slug as a
// title. Paths that *contain* an area are named from that area onward, so that
// /europe/not-listed/en/x.html is "not-listed > en > x > X" on every site that hosts it.

const MAX_SEGMENTS = 8;

function title(slug: string): string {
  return slug.split(/[-_]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

function slugs(path: string): string[] {
  return path
    .split('/')
    .map((s) => s.replace(/\.html?$/, '').toLowerCase())
    .filter((s) => s && s !== 'index')
    .slice(0, MAX_SEGMENTS);
}

/** "a > b > B" for /a/b.html; "home > Home" for the root. */
export function nameFromPath(path: string): string {
  const parts = slugs(path);
  if (!parts.length) parts.push('home');
  return [...parts, title(parts[parts.length - 1]!)].join(' > ');
}

/** Paths named exactly (spec §2), after "/" on the entry host. */
const EXACT = ['/accessibility-statement.html', '/client-relationship-summary.html', '/about-us.html', '/privacy/location-selector.html'];

/** Areas a path may contain, most specific first; the name starts at the area, past its first `skip` characters (/en/home/about-us/ names from /home/about-us/). */
const CONTAINED: readonly (readonly [part: string, skip?: number])[] = [
  ['/en/home/about-us/', 3],
  ['/about-us/'],
  ['/not-listed/'],
  ['portfolio-resources/portfolio-analyzer/create-presentation'],
  ['individual/investments'],
];

/**
 * The page name by path (spec §2), or undefined where the data layer's page.pageName applies.
 * /advisor/manage is a paginated list: its name (advisor > manage > Manage) carries the `page` query parameter (default 1).
 */
export function pathPageName(location: Pick<Location, 'hostname' | 'pathname' | 'search'>): string | undefined {
  const host = location.hostname;
  // A path with a bad escape is read as it is.
  const path = decode(location.pathname) ?? location.pathname;
  // The entry host's root is named "home > Home" (nameFromPath of "/"), whatever the data layer says.
  if (EXACT.includes(path) || (path === '/' && host === site.hosts.entry)) return nameFromPath(path);
  if (/^\/advisor\/manage(\.html)?\/?$/.test(path)) {
    const page = Number(new URLSearchParams(location.search).get('page'));
    return `${nameFromPath(path)} > page ${Number.isInteger(page) && page > 0 ? page : 1}`;
  }
  if (/^\/advisor\/faqs(\.html)?\/?$/.test(path)) return 'advisor > faqs > FAQs';
  for (const [part, skip = 0] of CONTAINED) {
    const at = path.indexOf(part);
    if (at >= 0) return nameFromPath(path.slice(at + skip));
  }
  // "advisor" as a whole path segment (/advisor/..., /ca/advisor/...), named from that segment.
  const advisor = /(^|\/)advisor(\/|\.html?$|$)/.exec(path);
  if (advisor) return nameFromPath(path.slice(advisor.index));
  return undefined;
}

const nameByPath = byAddress(pathPageName);

export const pageName = computed<string>(
  (ctx) => nameByPath(ctx.win) ?? (ctx.get('dataLayerPageName') as string | undefined) ?? nameFromPath(ctx.win.location.pathname),
  {
    reads: ['dataLayerPageName'],
    description:
      'The analytics page name: path rules of spec §2 first, else page.pageName, else (no data layer name) the name built from the path',
  },
);
