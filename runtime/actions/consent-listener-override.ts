import type { Action } from '../declare/types';
import { TOOLING } from '../declare/tooling';

// The retirement-plan consent rule (spec §9): the notice's click listener
// (`window.truste.eu.clickListener`) is replaced by a no-op while the plan pages bind their own
// preference link, and the original is restored after `restoreAfter` ms.

export interface ListenerOverrideOptions {
  /** Dotted path of the listener under window, e.g. truste.eu.clickListener. */
  listener: string;
  restoreAfter: number;
}

/* @__NO_SIDE_EFFECTS__ */
export function overrideNoticeListener(options: ListenerOverrideOptions): Action {
  return {
    kind: 'noticeListenerOverride',
    params: TOOLING ? { ...options } : {},
    sends: 'necessary',
    run(ctx) {
      const win = ctx.runtime.win;
      const parts = options.listener.split('.');
      const key = parts.pop()!;
      let owner: unknown = win;
      for (const p of parts) owner = owner && typeof owner === 'object' ? (owner as Record<string, unknown>)[p] : undefined;
      if (!owner || typeof owner !== 'object' || typeof (owner as Record<string, unknown>)[key] !== 'function') return;
      const target = owner as Record<string, unknown>;
      const original = target[key];
      target[key] = () => undefined;
      win.setTimeout(() => {
        target[key] = original;
      }, options.restoreAfter);
    },
  };
}
