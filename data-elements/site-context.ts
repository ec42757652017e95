import { computed, derived } from '../runtime/declare';
import { byAddress } from '../runtime/data-elements/page-info';
import { framed } from '../runtime/core/framed';
import { userAgentHas } from '../runtime/core/user-agent';
import { site } from '../rules/site.config';
import { isOverseasPath, localeOf, regionOf } from '../rules/lib/areas';
import { nonEmptyText as str } from '../runtime/core/merge';

// Where the page is: channel by site, the overseas/EAD flag, the region and locale (spec §2, §9).

type Clause = { readonly hosts?: readonly string[]; readonly paths?: readonly string[]; readonly pathPrefixes?: readonly string[] };

function clauseMatches(clause: Clause, host: string, path: string): boolean {
  if (clause.hosts && !clause.hosts.includes(host)) return false;
  if (clause.paths && !clause.paths.includes(path)) return false;
  if (clause.pathPrefixes && !clause.pathPrefixes.some((p) => path.startsWith(p))) return false;
  return true;
}

/** The channel table of site.config (docs/site-config.md): first row that matches wins (its last, Other Sites, matches every page). */
export function selectChannel(location: Pick<Location, 'hostname' | 'pathname'>): string {
  const host = location.hostname;
  const path = location.pathname;
  return site.channels.find((row) => (row.when as readonly Clause[]).some((c) => clauseMatches(c, host, path)))!.channel;
}

const channelByAddress = byAddress(selectChannel);
const overseasByAddress = byAddress((location) => isOverseasPath(location.pathname));

export const channel = computed<string>(({ win }) => channelByAddress(win), {
  description: 'Channel by site (site.config channels, docs/site-config.md): the first matching row wins',
});

export const overseasAudience = computed<boolean>(({ win }) => overseasByAddress(win), {
  description: 'true when the path starts with eacg, apac, europe, not-listed, dbgipps, offshore or institutions (overseas/EAD URL)',
});

export const siteRegion = derived<string>(['siteCountry'], ([country]) => regionOf(str(country)), {
  description: 'europe, asia, australia, canada (spec §9 lists), us, or other, from page.siteCountry',
});

export const siteLocale = derived<string>(
  ['siteCountry', 'siteLanguage'],
  ([country, language]) => localeOf(str(country), str(language)),
  { description: 'page.siteLanguage, with Canada en/fr mapped to en-ca/fr-ca (spec §9)' },
);

export const framedPage = computed<boolean>(({ win }) => framed(win), { description: 'true when the page runs inside a frame' });

export const crawlerAgent = computed<boolean>(({ win }) => userAgentHas(win.navigator.userAgent || '', site.consent.crawlerAgents), {
  description: 'true for a search-crawler user agent (site.consent.crawlerAgents: bot, crawler, spider, slurp; the consent notice\'s test)',
});

export const usAudience = derived<boolean>(['overseasAudience', 'siteCountry'], ([overseas, country]) => overseas !== true && (!country || country === 'us'), {
  description: 'true for a US audience: not an overseas/EAD URL, and page.siteCountry us or absent',
});
