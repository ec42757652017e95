import type { Action, DataElementRef } from '../declare/types';
import type { LinkType } from '../analytics/beacon';
import { identityOf, resolveVars, targetOf, textValue, tracker, type AnalyticsSettings } from '../analytics/settings';
import { failure } from '../core/log';
import { Msg } from '../core/messages';
import { TOOLING } from '../declare/tooling';

export interface LinkHitOptions {
  settings: AnalyticsSettings;
  /** The link name (`pev2`). */
  name: string | DataElementRef;
  /** o custom (default), d download, e exit (sent with sendBeacon). */
  type?: LinkType;
  /** The link URL (`pev1`). */
  url?: string | DataElementRef;
  vars?: Record<string, unknown>;
}

/** Sends a link hit (`s.tl()`) with the variables set so far, filtered by linkTrackVars / linkTrackEvents. */
/* @__NO_SIDE_EFFECTS__ */
export function sendLinkHit(options: LinkHitOptions): Action {
  return {
    kind: 'analyticsLink',
    params: TOOLING ? { ...options } : {},
    sends: 'analytics',
    run(ctx) {
      const client = tracker(ctx);
      client.set(resolveVars(ctx, options.vars));
      const target = targetOf(ctx, options.settings);
      const name = textValue(ctx, options.name).trim();
      if (!name) throw failure(Msg.LinkWithoutName);
      const url = options.url === undefined ? undefined : textValue(ctx, options.url) || undefined;
      if (target) client.link(target, identityOf(ctx, options.settings.identity), { name, url, type: options.type ?? 'o' });
    },
  };
}
