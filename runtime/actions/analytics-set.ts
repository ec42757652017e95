import type { Action } from '../declare/types';
import { linkTracking, setLinkTracking } from '../analytics/link-tracking';
import { resolveVars, tracker } from '../analytics/settings';
import { TOOLING } from '../declare/tooling';

export interface SetVariablesOptions {
  /** Names a link hit may send ('None': only the base fields); empty or absent: all set. */
  linkTrackVars?: readonly string[] | 'None';
  /** Events a link hit may send ('None': none); absent: no filter. */
  linkTrackEvents?: readonly string[] | 'None';
  /**
   * Add to what is already set, as Adobe Launch's Set Variables does: `events` are appended to the
   * events set so far, and the link-tracking names are added to those already listed.
   */
  merge?: boolean;
}

const csv = (v: readonly string[] | 'None' | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : v.join(','));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : []);
const union = (before: string, added: string | undefined) =>
  added === undefined ? undefined : [...new Set([...list(before), ...list(added)].filter((n) => n && n !== 'None'))].join(',') || 'None';

/** Sets analytics variables (AppMeasurement names: eVar22, prop5, events, products, contextData...). */
/* @__NO_SIDE_EFFECTS__ */
export function setVariables(vars: Record<string, unknown>, options: SetVariablesOptions = {}): Action {
  return {
    kind: 'analyticsSet',
    params: TOOLING ? { vars, ...options } : {},
    sends: 'analytics',
    run(ctx) {
      const client = tracker(ctx);
      const values = resolveVars(ctx, vars);
      const before = client.vars();
      if (options.merge && 'events' in values) values.events = [...list(before.events), ...list(values.events)];
      client.set(values);
      const v = csv(options.linkTrackVars);
      const e = csv(options.linkTrackEvents);
      const now = linkTracking(client);
      if (options.merge) setLinkTracking(client, union(now?.vars ?? '', v), union(now?.events ?? '', e));
      else setLinkTracking(client, v, e);
    },
  };
}
