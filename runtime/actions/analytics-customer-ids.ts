import type { Action, DataElementRef } from '../declare/types';
import type { CustomerId } from '../analytics/beacon';
import { identityOf, type IdentitySettings } from '../analytics/settings';
import { TOOLING } from '../declare/tooling';

export interface CustomerIdsOptions {
  identity: IdentitySettings;
  /** Integration code -> id (usually a data element): advisor id, investor GUID, marketing-cloud id, party id. */
  ids: Record<string, string | DataElementRef>;
  /** The visitor is logged in (a data element). */
  loggedIn: DataElementRef | boolean;
  /** The logged-in visitor is identified, not a generic user (a data element). */
  identified?: DataElementRef | boolean;
}

/**
 * Sends the customer ids as authenticated ids to the identity service (and on later analytics
 * hits), only for a logged-in identified user (spec §6, §7); otherwise none are sent.
 */
/* @__NO_SIDE_EFFECTS__ */
export function setCustomerIds(options: CustomerIdsOptions): Action {
  return {
    kind: 'analyticsCustomerIds',
    params: TOOLING ? { ...options } : {},
    sends: 'analytics',
    run(ctx) {
      const identity = identityOf(ctx, options.identity);
      if (!identity) return;
      const eligible = !!ctx.value(options.loggedIn) && (options.identified === undefined || !!ctx.value(options.identified));
      const ids: Record<string, CustomerId> = {};
      if (eligible) {
        for (const [code, ref] of Object.entries(options.ids)) {
          const id = ctx.value(ref);
          if ((typeof id === 'string' && id.trim()) || typeof id === 'number') ids[code] = { id: String(id).trim(), authState: 1 };
        }
      }
      identity.setCustomerIds(ids);
    },
  };
}
