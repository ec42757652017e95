import { computed, derived } from '../runtime/declare';
import { getPath } from '../runtime/core/merge';
import { userAgentHas } from '../runtime/core/user-agent';
import { site } from '../rules/site.config';

// When analytics hits are not sent (spec §5): bots and synthetic monitors, and pages where the
// track-page flag is off, except individual/investments pages, which are always tracked.

/** The last user agent asked about and its answer: isBot is read on every hit, with the page's one user agent. */
let bot: [string, boolean] = ['', false];

export function isBot(userAgent: string): boolean {
  if (userAgent !== bot[0]) bot = [userAgent, userAgentHas(userAgent, site.botAgents)];
  return bot[1];
}

export const isBotAgent = computed<boolean>(
  ({ win }) => {
    try {
      return isBot(String(win.navigator.userAgent ?? ''));
    } catch {
      return false;
    }
  },
  { description: 'The user agent contains one of site.botAgents (case-insensitive)', default: false },
);

/** `false`, `'false'`, `0`, `'0'` and `'off'` switch tracking off; anything else keeps it on. */
export function flagOn(value: unknown): boolean {
  // Nothing set (undefined, null, '') is none of these.
  return !(value === false || value === 0 || (typeof value === 'string' && ['false', '0', 'off', 'no'].includes(value.trim().toLowerCase())));
}

export const trackPage = computed<boolean>(
  ({ state, win }) => {
    const fromLayer = getPath(state, 'page.trackPage');
    if (fromLayer !== undefined) return flagOn(fromLayer);
    try {
      return flagOn((win as unknown as Record<string, unknown>).trackPage);
    } catch {
      return true;
    }
  },
  { description: 'Track-page flag: page.trackPage in the data layer, else window.trackPage; defaults to true (spec §4)', default: true },
);

export const analyticsAborted = derived<boolean>(
  ['isBotAgent', 'trackPage'],
  ([bot, track], { win }) => bot === true || (track === false && !win.location.pathname.includes('individual/investments')),
  { description: 'No analytics hit: a bot or synthetic agent, or the track-page flag off outside individual/investments pages (spec §5)', default: false },
);
