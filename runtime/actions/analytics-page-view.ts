import type { Action } from '../declare/types';
import { identityOf, resolveVars, targetOf, tracker, type AnalyticsSettings } from '../analytics/settings';
import { TOOLING } from '../declare/tooling';

export interface PageViewOptions {
  settings: AnalyticsSettings;
  /** Variables set just before the page view (AppMeasurement names; values may be `de()` references). */
  vars?: Record<string, unknown>;
  /** Clear the variables after sending (default true), as the container's rules do. */
  clear?: boolean;
}

/** Sends the analytics page view (`s.t()`), after setting `vars`. */
/* @__NO_SIDE_EFFECTS__ */
export function sendPageView(options: PageViewOptions): Action {
  return {
    kind: 'analyticsPageView',
    params: TOOLING ? { ...options } : {},
    sends: 'analytics',
    run(ctx) {
      const client = tracker(ctx);
      client.set(resolveVars(ctx, options.vars));
      const target = targetOf(ctx, options.settings);
      if (target) client.pageView(target, identityOf(ctx, options.settings.identity));
      if (options.clear !== false) client.clear();
    },
  };
}
