import type { Action, DataElementRef } from '../declare/types';
import { identityOf, type IdentitySettings } from '../analytics/settings';
import { TOOLING } from '../declare/tooling';

/**
 * Records the visitor's identity opt-in decision (spec §4): truthy approves, false denies (no id
 * call, cookie or sync), anything else leaves the state "not complete".
 */
/* @__NO_SIDE_EFFECTS__ */
export function identityOptIn(options: { identity: IdentitySettings; approved: DataElementRef | boolean }): Action {
  return {
    kind: 'analyticsOptIn',
    params: TOOLING ? { ...options } : {},
    sends: 'necessary',
    run(ctx) {
      const identity = identityOf(ctx, options.identity);
      const decision = ctx.value(options.approved);
      if (!identity || decision === undefined || decision === null || decision === '') return;
      if (decision === false || decision === 'false' || decision === 0) identity.optIn.deny();
      else identity.optIn.approve();
    },
  };
}
