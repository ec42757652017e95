import type { HostUse } from '../../graph-types';
import type { KindSpec } from '../../kinds/kind';
import type { KindRegistry } from '../../kinds/registry';
import type { EnvPlan } from '../4-plan';
import type { SiteValidation } from './validators';

// The host inventory of one environment: every host its bundle can contact, by consent category
// and CSP directive, with the rules that make it do so. Each kind declares its hosts from its
// params (compiler/kinds, `hosts()`); the bundle's own services (the schema service and the
// validation report, where the bundle validates) are added as `(container)`.

export const CONTAINER = '(container)';

function hostOfUrl(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * An action's params as its kind parses them (null: they do not parse), once per build: every
 * environment's inventory reads the same actions (five zod parses per action at 5,000 rules).
 */
const parsedParams = new WeakMap<object, { data: Record<string, unknown> } | null>();

function paramsOf(spec: KindSpec, action: { params?: unknown }): { data: Record<string, unknown> } | null {
  if (!parsedParams.has(action)) {
    const parsed = spec.params.safeParse(action.params);
    parsedParams.set(action, parsed.success ? { data: parsed.data } : null);
  }
  return parsedParams.get(action)!;
}

export function hostInventory(plan: EnvPlan, registry: KindRegistry, site: SiteValidation): HostUse[] {
  const byKey = new Map<string, HostUse>();
  // Rule ids per entry as a set: a list searched on each add was quadratic (one host, 5,000 rules).
  const ruleSets = new Map<string, Set<string>>();
  const add = (use: Omit<HostUse, 'rules'>, rule: string) => {
    const key = `${use.host}\u0000${use.category}\u0000${use.directive}`;
    if (!byKey.has(key)) {
      byKey.set(key, { ...use, rules: [] });
      ruleSets.set(key, new Set());
    }
    const seen = ruleSets.get(key)!;
    if (!seen.has(rule)) {
      seen.add(rule);
      byKey.get(key)!.rules.push(rule);
    }
  };
  for (const r of plan.rules) {
    for (const action of r.loaded.value.actions) {
      const spec = registry.actions.get(action.kind);
      if (!spec?.hosts) continue;
      const parsed = paramsOf(spec, action);
      if (!parsed) continue;
      for (const use of spec.hosts(parsed.data, plan.env.name)) add(use, r.loaded.value.id);
    }
  }
  if (plan.env.validate) {
    if (site.service) add({ host: site.service.host, category: 'necessary', directive: 'connect-src' }, CONTAINER);
    const report = site.reportUrl ? hostOfUrl(site.reportUrl) : null;
    if (report) add({ host: report, category: 'necessary', directive: 'connect-src' }, CONTAINER);
  }
  return [...byKey.values()]
    .map((u) => ({ ...u, rules: u.rules.sort() }))
    .sort((a, b) => a.host.localeCompare(b.host) || a.directive.localeCompare(b.directive) || a.category.localeCompare(b.category));
}
