import type { Action } from '../declare/types';
import { resolveVars, tracker } from '../analytics/settings';

export interface SetVariablesOptions {
  /** Names a link hit may send ('None': only the base fields); empty or absent: all set. */
  linkTrackVars?: readonly string[] | 'None';
  /** Events a link hit may send ('None': none); absent: no filter. */
  linkTrackEvents?: readonly string[] | 'None';
}

const csv = (v: readonly string[] | 'None' | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : v.join(','));

/** Sets analytics variables (AppMeasurement names: eVar22, prop5, events, products, contextData...). */
/* @__NO_SIDE_EFFECTS__ */
export function setVariables(vars: Record<string, unknown>, options: SetVariablesOptions = {}): Action {
  return {
    kind: 'analyticsSet',
    params: { vars, ...options },
    sends: 'analytics',
    run(ctx) {
      const client = tracker(ctx);
      client.set(resolveVars(ctx, vars));
      client.setLinkTracking(csv(options.linkTrackVars), csv(options.linkTrackEvents));
    },
  };
}
