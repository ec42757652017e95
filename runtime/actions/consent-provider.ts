import type { Action } from '../declare/types';
import { consentSlot } from '../consent/gate';
import { oneTrustProvider, type OneTrustOptions } from '../consent/onetrust';
import { startConsent, type ConsentSettings } from '../consent/service';
import { trustArcProvider, type TrustArcOptions } from '../consent/trustarc';
import { impliedProvider } from '../consent/implied';
import type { ConsentProvider } from '../consent/types';
import { TOOLING } from '../declare/tooling';

// Starts the page's consent state from the firm's provider. The consent-provider rule runs it
// first (order 1): until then every consent-gated rule and condition is closed.

/* @__NO_SIDE_EFFECTS__ */
function consentProvider(provider: string, options: object, create: () => ConsentProvider, settings: ConsentSettings): Action {
  return {
    kind: 'consentProvider',
    params: TOOLING ? { provider, ...options } : {},
    sends: 'necessary',
    run(ctx) {
      if (consentSlot(ctx.runtime).api) return;
      startConsent(ctx.runtime, create(), settings);
    },
  };
}

/** Consent from a TrustArc-kind notice (notice_gdpr_prefs / cmapi_cookie_privacy). */
/* @__NO_SIDE_EFFECTS__ */
export function trustArcConsent(options: TrustArcOptions & ConsentSettings): Action {
  return consentProvider('trustarc', options, () => trustArcProvider(options), options);
}

/** Consent from a OneTrust-kind banner (OptanonConsent groups). */
/* @__NO_SIDE_EFFECTS__ */
export function oneTrustConsent(options: OneTrustOptions & ConsentSettings): Action {
  return consentProvider('onetrust', options, () => oneTrustProvider(options), options);
}

/** No consent manager: every category is granted (what a Launch property without one did). Replace it with the site's provider. */
/* @__NO_SIDE_EFFECTS__ */
export function impliedConsent(): Action {
  const never = { hosts: [], pathPrefixes: [], paths: [], query: { name: '', value: '' }, global: '' };
  return consentProvider('implied', {}, impliedProvider, { skip: never, suppressionCookie: { name: '', days: 0 } });
}
