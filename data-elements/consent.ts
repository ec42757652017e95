import { computed } from '../runtime/declare';
import { consentAllows } from '../runtime/consent/gate';
import { site } from '../rules/site.config';

/**
 * The consent filter of spec §6: true when analytics may run (analytics consent, or the advisor
 * client-accounts home page). Rules gate with `analyticsConsent` (rules/consent/lib/gates.ts),
 * which the compiler's proof understands; this value is for custom code and the viewer.
 */
export const consentFilter = computed<boolean>(
  ({ runtime, win }) => win.location.pathname === site.paths.clientAccountsHome || consentAllows(runtime, 'analytics'),
  { description: 'True when analytics may run: analytics consent, or the advisor client-accounts home page (spec §6)', default: false },
);

/** The granted consent categories, comma-separated (e.g. "analytics,performance"), for beacons and debugging. */
export const consentCategories = computed<string>(
  ({ runtime }) => (['analytics', 'advertising', 'performance'] as const).filter((c) => consentAllows(runtime, c)).join(','),
  { description: 'Granted consent categories, comma-separated; empty before the provider starts or when declined' },
);
