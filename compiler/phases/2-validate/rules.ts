import type { Rule } from '../../../runtime/declare/types';
import type { Diagnostics } from '../../diagnostics';
import type { KindRegistry } from '../../kinds/registry';
import type { Loaded } from '../1-load';
import { ruleEnvelope } from './envelopes';
import { checkKind, zodIssues } from './kinds';
import { codeReads, findRefs, suggest } from './references';

export interface Known {
  /** Event name -> schema file. */
  schemaEvents: Map<string, string>;
  /** Data element name -> file. */
  dataElements: Map<string, string>;
}

/** Rules: shape and unique ids. Returns the rules whose shape is valid (the later passes read only those). */
export function validateRuleShapes(rules: Loaded<Rule>[], diagnostics: Diagnostics): Loaded<Rule>[] {
  const ruleFiles = new Map<string, string>();
  const valid: Loaded<Rule>[] = [];
  for (const r of rules) {
    const parsed = ruleEnvelope.safeParse(r.value);
    if (!parsed.success) {
      zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_rule', r.file, { detail }, at));
      continue;
    }
    valid.push(r);
    const prior = ruleFiles.get(r.value.id);
    if (prior) diagnostics.report('duplicate_id', r.file, { id: r.value.id, prior }, ['id']);
    else ruleFiles.set(r.value.id, r.file);
  }
  return valid;
}

/** Rules: each step's kind and params, and the events it listens to. */
export function validateRuleKinds(rules: Loaded<Rule>[], registry: KindRegistry, known: Known, diagnostics: Diagnostics): void {
  for (const { file, value: rule } of rules) {
    rule.events.forEach((e, i) => {
      if (typeof e !== 'string') return checkKind(registry, 'events', e, file, ['events', i], diagnostics);
      if (!known.schemaEvents.has(e)) diagnostics.report('unknown_event', file, { event: e, hint: suggest(e, known.schemaEvents.keys()) }, ['events', i]);
    });
    rule.conditions.forEach((c, i) => checkKind(registry, 'conditions', c, file, ['conditions', i], diagnostics));
    rule.actions.forEach((a, i) => checkKind(registry, 'actions', a, file, ['actions', i], diagnostics));
  }
}

/** Rules: every data element a step reads, by reference or by name in custom code, exists. */
export function validateRuleReferences(rules: Loaded<Rule>[], known: Known, diagnostics: Diagnostics): void {
  const names = known.dataElements;
  for (const { file, value: rule } of rules) {
    for (const [part, steps] of [['conditions', rule.conditions], ['actions', rule.actions], ['events', rule.events]] as const) {
      steps.forEach((step, i) => {
        if (typeof step === 'string') return;
        for (const ref of findRefs(step.params)) {
          if (!names.has(ref.name)) diagnostics.report('unknown_data_element', file, { name: ref.name, hint: suggest(ref.name, names.keys()) }, [part, i, 'params', ...ref.path]);
        }
        for (const name of codeReads(step)) {
          if (!names.has(name)) diagnostics.report('unknown_data_element', file, { name, inCode: true, hint: suggest(name, names.keys()) }, [part, i]);
        }
      });
    }
  }
}
