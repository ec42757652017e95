import type { HostUse } from '../../graph-types';
import { entryOf } from '../../map-entry';
import { parseParams } from '../../kinds/kind';
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

export function hostInventory(plan: EnvPlan, registry: KindRegistry, site: SiteValidation): HostUse[] {
  // Rule ids per entry as a set: a list searched on each add was quadratic (one host, 5,000 rules).
  // Entries are found by host, then category, then directive: a key joined from the three was a
  // new string to hash on every add (5,000 rules: about 30,000 adds an environment).
  type Entry = { use: HostUse; seen: Set<string> };
  const entries: Entry[] = [];
  const byHost = new Map<string, Map<string, Map<string, Entry>>>();
  const newEntry = (use: Omit<HostUse, 'rules'>): Entry => {
    const entry = { use: { ...use, rules: [] }, seen: new Set<string>() };
    entries.push(entry);
    return entry;
  };
  const add = (use: Omit<HostUse, 'rules'>, rule: string) => {
    const byDirective = entryOf(entryOf(byHost, use.host, () => new Map()), use.category, () => new Map<string, Entry>());
    const entry = entryOf(byDirective, use.directive, () => newEntry(use));
    if (!entry.seen.has(rule)) {
      entry.seen.add(rule);
      entry.use.rules.push(rule);
    }
  };
  for (const r of plan.rules) {
    for (const action of r.loaded.value.actions) {
      const spec = registry.actions.get(action.kind);
      if (!spec?.hosts) continue;
      // Parsed once per build (compiler/kinds/kind.ts): validation parsed it, every environment reads it.
      const parsed = parseParams(spec, action);
      if (!parsed.success) continue;
      for (const use of spec.hosts(parsed.data, plan.env.name)) add(use, r.loaded.value.id);
    }
  }
  if (plan.env.validate) {
    if (site.service) add({ host: site.service.host, category: 'necessary', directive: 'connect-src' }, CONTAINER);
    const report = site.reportUrl ? hostOfUrl(site.reportUrl) : null;
    if (report) add({ host: report, category: 'necessary', directive: 'connect-src' }, CONTAINER);
  }
  return entries
    .map(({ use }) => ({ ...use, rules: use.rules.sort() }))
    .sort((a, b) => a.host.localeCompare(b.host) || a.directive.localeCompare(b.directive) || a.category.localeCompare(b.category));
}
