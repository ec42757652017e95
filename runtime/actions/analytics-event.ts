import type { Action, DataElementRef } from '../declare/types';
import { eventName, type LinkType } from '../analytics/beacon';
import { friendlyName } from '../analytics/names';
import { identityOf, resolveVars, targetOf, textValue, tracker, type AnalyticsSettings } from '../analytics/settings';
import { failure } from '../core/log';
import { Msg } from '../core/messages';
import { TOOLING } from '../declare/tooling';

export interface AnalyticsEventOptions {
  settings: AnalyticsSettings;
  linkName: string | DataElementRef;
  linkType?: LinkType;
  linkUrl?: string | DataElementRef;
  /** `event61`, `event5=3.5`, `event1:ABC123`... */
  events?: readonly string[];
  /** Events of `events` that other data-layer events send too, on purpose (read by the compiler's duplicate check only). */
  sharedEvents?: readonly string[];
  vars?: Record<string, unknown>;
}

/**
 * The container's analytics rule in one action (spec §4): set the variables, send a link hit
 * carrying exactly them and the events, then clear the variables.
 */
/* @__NO_SIDE_EFFECTS__ */
export function trackEvent(options: AnalyticsEventOptions): Action {
  return {
    kind: 'analyticsEvent',
    params: TOOLING ? { ...options } : {},
    sends: 'analytics',
    run(ctx) {
      const client = tracker(ctx);
      const vars = resolveVars(ctx, options.vars);
      const events = options.events ?? [];
      client.set({ ...vars, events });
      try {
        const target = targetOf(ctx, options.settings);
        const name = textValue(ctx, options.linkName).trim();
        if (!name) throw failure(Msg.LinkWithoutName);
        const names = Object.keys(vars).map(friendlyName).filter((k) => k !== 'contextData');
        const context = vars.contextData && typeof vars.contextData === 'object' ? Object.keys(vars.contextData).map((k) => `contextData.${k}`) : [];
        const url = textValue(ctx, options.linkUrl) || undefined; // no linkUrl: value(undefined) is undefined
        if (target) {
          client.link(target, identityOf(ctx, options.settings.identity), {
            name,
            url,
            type: options.linkType ?? 'o',
            linkTrackVars: [...names, ...context, ...(events.length ? ['events'] : [])].join(',') || 'None',
            linkTrackEvents: events.map(eventName).join(',') || 'None',
          });
        }
      } finally {
        client.clear();
      }
    },
  };
}
