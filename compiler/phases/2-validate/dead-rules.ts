import type { Rule } from '../../../runtime/declare/types';
import type { Diagnostics } from '../../diagnostics';
import { describeStep, type KindRegistry } from '../../kinds/registry';
import type { Loaded } from '../1-load';

/** What can be proven dead: a rule in no environment, or one whose conditions contradict (x and not x). */
export function findDeadRules(rules: Loaded<Rule>[], registry: KindRegistry, diagnostics: Diagnostics): void {
  for (const { file, value: rule } of rules) {
    // A rule switched off (enabled: false) says so in graph.json; it is not a mistake to warn about.
    if (rule.enabled === false) continue;
    if (rule.environments.length === 0) diagnostics.report('dead_rule', file, { rule: rule.id, reason: 'is in no environment' }, ['environments']);
    // Only a `not` can contradict another condition: the words of a rule without one are not made.
    if (!rule.conditions.some((c) => c.kind === 'not')) continue;
    const words = rule.conditions.map((c) => describeStep(registry, 'conditions', c));
    rule.conditions.forEach((c, i) => {
      if (c.kind !== 'not') return;
      const inner = describeStep(registry, 'conditions', c.params.condition as { kind: string; params: Record<string, unknown> });
      const j = words.indexOf(inner);
      if (j >= 0) diagnostics.report('dead_rule', file, { rule: rule.id, reason: `can never fire: condition ${j + 1} (${inner}) contradicts condition ${i + 1} (${words[i]})` }, ['conditions', i]);
    });
  }
}
