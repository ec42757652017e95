import { runtimeModule } from './runtime-modules';
import type { SiteValidation } from './validators';

// The entry's data-layer settings (rules/site.config.ts `dataLayer`, docs/validation.md): the events
// that reset the computed state and, for a site that names a consent cookie, the wait for it.
// Only then does the entry import the wait (runtime/core/consent-cookie.ts).

export function dataLayerEntry(site: Pick<SiteValidation, 'resetBefore' | 'consentCookie'>, runtimeStart: string): { prelude: string[]; config: string } {
  const resetBefore = `resetBefore: ${JSON.stringify(site.resetBefore)}`;
  if (site.consentCookie === null) return { prelude: [], config: `{ ${resetBefore} }` };
  return {
    prelude: [`import { whenConsentCookie as __tagcWhenConsentCookie } from ${JSON.stringify(runtimeModule(runtimeStart, 'core/consent-cookie.ts'))};`],
    config: `{ ${resetBefore}, attachWhen: __tagcWhenConsentCookie(${JSON.stringify(site.consentCookie)}) }`,
  };
}
