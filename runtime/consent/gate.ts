import type { ConsentCategory, RuntimeServices } from '../declare/types';

// The slot the consent-provider rule fills. The dispatcher (rule-level `consent`) and consent
// conditions read it; until a provider has started, nothing gated may run (fail closed).

export interface ConsentApi {
  granted(category: ConsentCategory): boolean;
}

export interface ConsentSlot {
  api: ConsentApi | null;
  /** Event-kind listeners registered before the provider started. */
  listeners: ((change: 'given' | 'changed' | 'declined') => void)[];
}

// Asked on every consent check (rules, conditions, each request): no closure per call.
const emptySlot = (): ConsentSlot => ({ api: null, listeners: [] });

export function consentSlot(services: RuntimeServices): ConsentSlot {
  return services.service<ConsentSlot>('consent', emptySlot);
}

export function consentAllows(services: RuntimeServices, category: ConsentCategory): boolean {
  try {
    return consentSlot(services).api?.granted(category) === true;
  } catch {
    return false;
  }
}
