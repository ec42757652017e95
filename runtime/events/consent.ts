import type { EventSource, RuntimeServices } from '../declare/types';
import { consentSlot } from '../consent/gate';
import { grantsBy, type Grants } from '../consent/types';
import { TOOLING } from '../declare/tooling';

// Consent events of spec §4, raised by the consent service: given (at start when a decision is
// stored, again once the window has loaded, and when the visitor first accepts), changed, declined.

export type ConsentEventPayload = Grants;

/* @__NO_SIDE_EFFECTS__ */
function consentEvent(change: 'given' | 'changed' | 'declined'): EventSource<ConsentEventPayload> {
  return {
    kind: TOOLING ? 'consent' : '',
    key: `@consent:${change}`,
    params: TOOLING ? { change } : {},
    listen(emit, services: RuntimeServices) {
      const slot = consentSlot(services);
      slot.listeners.push((c) => {
        if (c !== change) return;
        const api = slot.api;
        emit(grantsBy((category) => !!api?.granted(category)));
      });
    },
  };
}

/* @__NO_SIDE_EFFECTS__ */ export const consentGiven = () => consentEvent('given');
/* @__NO_SIDE_EFFECTS__ */ export const consentChanged = () => consentEvent('changed');
/* @__NO_SIDE_EFFECTS__ */ export const consentDeclined = () => consentEvent('declined');
