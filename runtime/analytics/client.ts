import { log, reason, say } from '../core/log';
import { Msg } from '../core/messages';
import type { IdentityClient } from '../identity/client';
import { buildBeaconUrl, buildQuery, type Hit, type IdentityFields, type LinkType, type Vars } from './beacon';
import { friendlyName, isClearedVar } from './names';
import { technologyFields } from './technology';
import { linkTracking } from './link-tracking';
import { hitSent } from './sent';
import { transmit } from './transport';

// The page's analytics tracker (one per page, `ctx.runtime.service('analytics', ...)`): the
// variables rules set, page views and link hits. Actions never wait: a hit is built at once and
// sent when the visitor id is known, or after IDENTITY_WAIT ms with a provisional local id, or at
// once when the page is being hidden (with sendBeacon), so a slow or failing identity service
// costs at most that wait and never the rule queue.

export const IDENTITY_WAIT = 1000;

export interface Target {
  trackingServer: string;
  rsid: string;
}

export interface LinkHit {
  name: string;
  url?: string;
  type: LinkType;
  /** Overrides the tracker's linkTrackVars / linkTrackEvents for this hit. */
  linkTrackVars?: string;
  linkTrackEvents?: string;
}

export interface AnalyticsClient {
  set(vars: Vars): void;
  clear(): void;
  vars(): Readonly<Vars>;
  pageView(target: Target, identity: IdentityClient | null): void;
  link(target: Target, identity: IdentityClient | null, link: LinkHit): void;
}

function empty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

export function createAnalytics(win: Window & typeof globalThis): AnalyticsClient {
  const vars: Vars = {};
  let first = true;
  let leaving = false;
  // Hits queued and not yet sent, as the function that sends each: a hit leaves once, by
  // whichever of its calls comes first.
  const pending: ((id?: IdentityFields) => void)[] = [];

  function queue(target: Target, identity: IdentityClient | null, hit: Hit, exit: boolean): void {
    // As AppMeasurement: the referrer and the technology fields go with the page's first hit only.
    if (first) {
      hit.technology = technologyFields(win);
      hit.referrer = win.document.referrer || undefined;
      first = false;
    }
    // Without the id (a page being hidden), the hit goes with the identity's fields now.
    const send = (id?: IdentityFields): void => {
      const i = pending.indexOf(send);
      if (i < 0) return;
      pending.splice(i, 1);
      try {
        const url = buildBeaconUrl(target, buildQuery(hit, id ?? identity?.fields(true) ?? {}));
        const transport = transmit(win, url, exit || leaving);
        if (transport) {
          DEBUG: log.info(`Analytics ${hit.link ? 'link hit' : 'page view'} sent (${transport})`);
          hitSent(client, { url, transport });
        }
      } catch (error) {
        say(Msg.HitFailed, reason(error));
      }
    };
    pending.push(send);
    if (!identity || leaving) return send();
    identity.whenReady(IDENTITY_WAIT, send);
  }

  // Last hits of a page that is going away leave at once, by sendBeacon.
  const hide = () => {
    leaving = true;
    for (const send of pending.slice()) send();
  };
  try {
    win.document.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'hidden') hide();
      else leaving = false;
    });
    win.addEventListener('pagehide', hide);
    win.addEventListener('pageshow', () => {
      leaving = false;
    });
  } catch {
    // Without the events, hits still go as images.
  }

  function hitOf(link?: Hit['link'], filter?: { linkTrackVars?: string; linkTrackEvents?: string }): Hit {
    return {
      vars: { ...vars },
      link,
      // `||`, not `??`: where swc folds linkTracking to undefined, `a ?? (undefined || '')` folds to `a ?? ''` (`a ?? undefined ?? ''` stayed).
      linkTrackVars: filter?.linkTrackVars ?? (linkTracking(client)?.vars || ''),
      linkTrackEvents: filter?.linkTrackEvents ?? (linkTracking(client)?.events || ''),
      now: new Date(),
      pageUrl: win.location.href,
    };
  }

  // Hits are heard through ./sent.ts and link tracking is set through ./link-tracking.ts, keyed by this object.
  const client: AnalyticsClient = {
    set(next) {
      for (const [key, v] of Object.entries(next)) {
        const k = friendlyName(key);
        if (empty(v)) delete vars[k];
        else vars[k] = v;
      }
    },
    clear() {
      for (const k in vars) if (isClearedVar(k)) delete vars[k];
    },
    vars: () => vars,
    pageView(target, identity) {
      queue(target, identity, hitOf(), false);
    },
    link(target, identity, link) {
      // The hit's link is a copy of the call's (the beacon reads its name, url and type).
      queue(target, identity, hitOf({ ...link }, link), link.type === 'e');
    },
  };
  return client;
}
