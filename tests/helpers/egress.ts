import { configureEgress } from '../../runtime/core/egress';
import { consentSlot } from '../../runtime/consent/gate';
import { libraryLoaded, rule } from '../../runtime/declare';

// Tests of a sender (analytics, identity, A/B, QA, pixels, scripts) that are not about the
// egress point: unit tests open it, tests that boot the runtime grant consent with a rule.

/** An egress point that lets every request out (no consent, no host inventory); redaction stays on. */
export function openEgress(): void {
  configureEgress({ hosts: null, allows: () => true });
}

/** A rule that grants every consent category before any other rule runs. */
export const grantAllConsent = () =>
  rule({ id: 'grant-all-consent', description: 'grants every consent category', events: [libraryLoaded()], order: 0, actions: [{ label: 'grant all', sends: 'necessary', run: (ctx) => void (consentSlot(ctx.runtime).api = { granted: () => true }) }] });
