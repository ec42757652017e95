import type { ConsentCategory, Rule } from '../../../runtime/declare/types';
import type { Diagnostics } from '../../diagnostics';
import type { Loaded } from '../1-load';

// The static consent proof (spec §6): an action that sends analytics, advertising or performance
// data may run only where that category's consent is guaranteed. A rule guarantees a category by
// its `consent` field, or by a `consentGranted(category)` condition among its all-of conditions;
// `anyOf(...)` guarantees what every branch guarantees; `not(...)` guarantees nothing. The one
// declared exemption (`exceptPaths`, spec §6: the advisor client-accounts home page) is accepted
// for analytics only. Necessary actions need no consent.

interface Step {
  kind: string;
  params: Record<string, unknown>;
}

type Path = (string | number)[];

const ALL: ConsentCategory[] = ['analytics', 'advertising', 'performance'];

function isStep(v: unknown): v is Step {
  return !!v && typeof v === 'object' && typeof (v as Step).kind === 'string' && !!(v as Step).params && typeof (v as Step).params === 'object';
}

/** Categories a condition guarantees when it holds; reports exemptions that are not allowed. */
export function guaranteed(c: Step, report: (path: Path, category: ConsentCategory) => void, path: Path): Set<ConsentCategory> {
  if (c.kind === 'consentGranted') {
    const category = c.params.category as ConsentCategory;
    if (!ALL.includes(category)) return new Set();
    if (c.params.exceptPaths !== undefined && category !== 'analytics') {
      report([...path, 'params', 'exceptPaths'], category);
      return new Set();
    }
    return new Set([category]);
  }
  if (c.kind === 'anyOf' && Array.isArray(c.params.conditions) && c.params.conditions.length) {
    const sets = c.params.conditions.map((x, i) => (isStep(x) ? guaranteed(x, report, [...path, 'params', 'conditions', i]) : new Set<ConsentCategory>()));
    return new Set(ALL.filter((cat) => sets.every((s) => s.has(cat))));
  }
  // not(consentGranted(x)) holds exactly when x is NOT granted; any other kind says nothing.
  return new Set();
}

/** The consent categories a rule guarantees before its actions run (rule-level consent and conditions). */
export function ruleGuarantees(rule: Rule, report: (path: Path, category: ConsentCategory) => void = () => undefined): Set<ConsentCategory> {
  const safe = new Set<ConsentCategory>();
  if (rule.consent && ALL.includes(rule.consent)) safe.add(rule.consent);
  rule.conditions.forEach((c, i) => {
    if (isStep(c)) for (const cat of guaranteed(c, report, ['conditions', i])) safe.add(cat);
  });
  return safe;
}

export function proveConsent(rules: readonly Loaded<Rule>[], diagnostics: Diagnostics): void {
  for (const r of rules) {
    const rule = r.value;
    if (!Array.isArray(rule.actions) || !Array.isArray(rule.conditions)) continue;
    const report = (path: Path, category: ConsentCategory) => diagnostics.report('invalid_consent_exemption', r.file, { category }, path);
    const safe = ruleGuarantees(rule, report);
    rule.actions.forEach((a, i) => {
      const sends = a?.sends;
      if (sends === 'necessary' || sends === undefined) return;
      if (safe.has(sends)) return;
      const label = a.kind === 'custom' ? `custom action "${String(a.params?.label ?? '')}"` : `"${a.kind}" action`;
      diagnostics.report('ungated_action', r.file, { label, index: i, rule: rule.id, sends }, ['actions', i]);
    });
  }
}
