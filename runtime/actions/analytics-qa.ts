import type { Action } from '../declare/types';
import { tracker } from '../analytics/settings';
import { startQa } from '../qa/report';
import { TOOLING } from '../declare/tooling';

/** Runs the analytics QA checks on every beacon of this page and reports findings (spec §5, §7). */
/* @__NO_SIDE_EFFECTS__ */
export function analyticsQa(options: { host: string; propertyId: string }): Action {
  return {
    kind: 'analyticsQa',
    params: TOOLING ? { ...options } : {},
    sends: 'analytics',
    run(ctx) {
      ctx.runtime.service('analyticsQa', () => {
        const buildId = (ctx.runtime.win as unknown as { tagc?: { buildInfo?: { hash?: string } } }).tagc?.buildInfo?.hash ?? 'unknown';
        startQa(ctx.runtime.win, tracker(ctx), { ...options, buildId });
        return true;
      });
    },
  };
}
