import type { Diagnostics } from '../../diagnostics';
import type { KindRegistry } from '../../kinds/registry';
import type { LoadResult } from '../1-load';
import { checkAnalyticsEvents } from './analytics-events';
import { proveConsent } from './consent-proof';
import { validateDataElements } from './data-elements';
import { findDeadRules } from './dead-rules';
import { validateRuleKinds, validateRuleReferences, validateRuleShapes } from './rules';
import { prepareMetaSchema } from './meta-schemas';
import { validateSchemas } from './schemas';
import { importProofModules, proveNetwork } from './network-proof';
import { keptProof, type KeptProof } from './kept-proof';
import type { KeptOutputs } from '../../kept-outputs';

export { findCycles } from './cycles';

// Phase 2: one pass per concern, in order; each reports diagnostics and nothing is thrown. Rules
// whose shape is wrong are reported once and left out of the passes after their shape. The last
// pass, the network proof, runs in TypeScript's process: validate returns it pending, and its
// diagnostics come last, as if it had run in line.

/**
 * Begins, on the event loop's next turn, what validate() would otherwise start with: readying
 * the JSON Schema meta-schema's validator (meta-schemas.ts) and importing TypeScript's API for the network proof (`proof`; about
 * 70 ms of module loading a build that takes a kept proof does not need). compile()
 * calls it as the load starts, so that it runs while the compiler's thread waits for esbuild to
 * bundle the declarations, not on the build's longest path after the load.
 */
export function prepareValidation({ proof = true }: { proof?: boolean } = {}): void {
  setImmediate(() => {
    if (proof) importProofModules().catch(() => undefined); // a failed import fails the proof, where it is awaited
    try {
      prepareMetaSchema();
    } catch {
      // validateSchemas() compiles it again and reports what fails
    }
  });
}

/** `kept`: network proofs of earlier builds (kept-proof.ts); without it the proof always runs. */
export function validate(loaded: LoadResult, registry: KindRegistry, diagnostics: Diagnostics, kept?: { proofs: KeptOutputs<KeptProof>; root: string }): { network: Promise<void> } {
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
  const network = kept ? keptProof(kept.proofs, kept.root, rules, new URL('./network-proof.ts', import.meta.url), diagnostics, (found) => proveNetwork(rules, found)) : proveNetwork(rules, diagnostics).then(() => undefined);
  return { network };
}
