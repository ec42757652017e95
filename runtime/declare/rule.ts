import { TOOLING } from './tooling';
import type { Action, Condition, CustomAction, CustomCondition, EventRef, Rule, RuleDeclaration } from './types';

// Custom steps are written as object literals (so they get the event's payload type) and
// become `custom` kind descriptors here, like every other step. Tooling's carry their params
// (the label, an action's sends and hosts); a bundle's is its literal with a kind, which the
// compiler has cut to its code and an action's timeout (the label goes with the viewer-only
// metadata, sends and hosts with tooling's fields: compiler/phases/5-emit).

function condition(c: Condition | CustomCondition): Condition {
  if ('kind' in c) return c;
  return TOOLING ? { kind: 'custom', params: { label: c.label }, test: c.test } : { kind: 'custom', params: {}, ...c };
}

function action(a: Action | CustomAction): Action {
  if ('kind' in a) return a;
  return TOOLING ? { kind: 'custom', params: a.hosts ? { label: a.label, sends: a.sends, hosts: [...a.hosts] } : { label: a.label }, sends: a.sends, timeout: a.timeout, run: a.run } : { kind: 'custom', params: {}, ...a };
}

/** Declares a rule; the module under rules/ default-exports it. Defaults are documented on RuleDeclaration. */
/* @__NO_SIDE_EFFECTS__ */
export function rule<const E extends EventRef>(declaration: RuleDeclaration<E>): Rule {
  return {
    // The brand and the environments are the compiler's (runtime/declare/tooling.ts).
    ...(TOOLING ? { __tagc: 'rule', environments: ['test', 'dev', 'stg', 'prod', 'internal'] } : {}),
    order: 50,
    timeout: 2000,
    ...declaration,
    conditions: (declaration.conditions ?? []).map((c) => condition(c as Condition | CustomCondition)),
    actions: (declaration.actions ?? []).map((a) => action(a as Action | CustomAction)),
    // A rule without a consent category has null for tooling (graph.json); the runtime tests the field as it is.
    ...(TOOLING ? { consent: declaration.consent ?? null } : {}),
  } as Rule;
}
