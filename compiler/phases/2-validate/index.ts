import type { Diagnostics } from '../../diagnostics';
import type { KindRegistry } from '../../kinds/registry';
import type { LoadResult } from '../1-load';
import { checkAnalyticsEvents } from './analytics-events';
import { proveConsent } from './consent-proof';
import { validateDataElements } from './data-elements';
import { findDeadRules } from './dead-rules';
import { validateRuleKinds, validateRuleReferences, validateRuleShapes } from './rules';
import { validateSchemas } from './schemas';
import { proveNetwork } from './network-proof';

export { findCycles } from './cycles';

// Phase 2: one pass per concern, in order; each reports diagnostics and nothing is thrown. Rules
// whose shape is wrong are reported once and left out of the passes after their shape. The last
// pass, the network proof, runs in TypeScript's process: validate returns it pending, and its
// diagnostics come last, as if it had run in line.

export function validate(loaded: LoadResult, registry: KindRegistry, diagnostics: Diagnostics): { network: Promise<void> } {
  const schemaEvents = validateSchemas(loaded, diagnostics);
  const dataElements = validateDataElements(loaded, registry, diagnostics);
  const rules = validateRuleShapes(loaded.rules, diagnostics);
  validateRuleKinds(rules, registry, { schemaEvents, dataElements }, diagnostics);
  validateRuleReferences(rules, { schemaEvents, dataElements }, diagnostics);
  findDeadRules(rules, registry, diagnostics);
  // Consent: every action that sends data runs only behind its category's consent.
  proveConsent(rules, diagnostics);
  // Analytics event numbers: one data-layer event per number unless shared on purpose.
  checkAnalyticsEvents(rules, registry, diagnostics);
  // ... and custom code sends only through the egress point, what its actions declare.
  return { network: proveNetwork(rules, diagnostics) };
}
