import type { Action, DataElementRef } from '../declare/types';
import { buildBeaconUrl } from '../analytics/beacon';
import { sendImage } from '../analytics/transport';

export interface PageViewOptions {
  trackingServer: string;
  reportSuite: DataElementRef | string;
  /** Analytics variables by wire name; values may be `de()` references. */
  vars: Record<string, unknown>;
}

/** Sends an analytics page-view beacon. */
/* @__NO_SIDE_EFFECTS__ */
export function sendPageView(options: PageViewOptions): Action {
  return {
    kind: 'analyticsPageView',
    params: { ...options },
    sends: 'analytics',
    run(ctx) {
      const win = ctx.runtime.win;
      const vars = ctx.value(options.vars) as Record<string, string | number | undefined>;
      const rsid = String(ctx.value(options.reportSuite) ?? '');
      if (!rsid) throw new Error('no reporting suite');
      sendImage(win, buildBeaconUrl({ trackingServer: options.trackingServer, rsid, vars, pageUrl: win.location.href, referrer: win.document.referrer }));
    },
  };
}
