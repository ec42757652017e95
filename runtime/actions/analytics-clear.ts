import type { Action } from '../declare/types';
import { tracker } from '../analytics/settings';

/** Clears the analytics variables as `s.clearVars()` does (props, eVars, lists, events, products, channel, campaign, purchaseID). */
/* @__NO_SIDE_EFFECTS__ */
export function clearVariables(): Action {
  return {
    kind: 'analyticsClear',
    params: {},
    sends: 'analytics',
    run(ctx) {
      tracker(ctx).clear();
    },
  };
}
