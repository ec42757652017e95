import type { Action } from '../declare/types';
import { TOOLING } from '../declare/tooling';

/**
 * Runs the direct-call rules of `name`, as page code calling `tagc.track(name, detail)` does
 * (Launch's Core "Direct Call" action). They run after the current event's rules.
 */
/* @__NO_SIDE_EFFECTS__ */
export function triggerDirectCall(name: string, detail?: Record<string, unknown>): Action {
  return {
    kind: 'triggerDirectCall',
    params: TOOLING ? detail === undefined ? { name } : { name, detail } : {},
    sends: 'necessary',
    run(ctx) {
      ctx.runtime.emit(`@call:${name}`, name, detail === undefined ? undefined : ctx.value(detail));
    },
  };
}
