import type { SendCategory } from '../../../runtime/declare/types';
import type { HostUse } from '../../graph-types';
import type { EnvPlan } from '../4-plan';

// What the bundle's egress point (runtime/core/egress.ts) learns at compile time: the
// environment's host inventory as category -> hosts, the paths the plan's consent conditions
// exempt (the analytics gate's declared exemption, spec §6), and the site's redaction settings
// (`privacy` in the site configuration: on unless `redact: false`, plus query parameters to strip).

export interface SitePrivacy {
  redact: boolean;
  stripParams: string[];
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function sitePrivacy(site: Record<string, unknown> | undefined): SitePrivacy {
  const privacy = record(site?.privacy);
  const strip = Array.isArray(privacy.stripParams) ? privacy.stripParams.filter((p): p is string => typeof p === 'string' && p !== '') : [];
  return { redact: privacy.redact !== false, stripParams: strip };
}

interface Step {
  kind: string;
  params: Record<string, unknown>;
}
const isStep = (v: unknown): v is Step => !!v && typeof v === 'object' && typeof (v as Step).kind === 'string' && !!(v as Step).params;

/** Exempt paths by category, from consent conditions in positions that gate (all-of, anyOf branches; never under not). */
export function consentExemptions(plan: EnvPlan): Partial<Record<SendCategory, string[]>> {
  const out: Partial<Record<SendCategory, string[]>> = {};
  const visit = (c: unknown) => {
    if (!isStep(c)) return;
    if (c.kind === 'anyOf' && Array.isArray(c.params.conditions)) c.params.conditions.forEach(visit);
    if (c.kind !== 'consentGranted' || !Array.isArray(c.params.exceptPaths)) return;
    const list = (out[c.params.category as SendCategory] ??= []);
    for (const p of c.params.exceptPaths) if (typeof p === 'string' && !list.includes(p)) list.push(p);
  };
  for (const r of plan.rules) r.loaded.value.conditions.forEach(visit);
  return out;
}

/** The `egress` entry of the bundle's ContainerConfig, as source. */
export function egressEntry(plan: EnvPlan, hosts: readonly HostUse[], privacy: SitePrivacy): string {
  // Grouped by category: each category's name is written once, not once per host.
  const byCategory: Partial<Record<SendCategory, string[]>> = {};
  for (const h of hosts) {
    const list = (byCategory[h.category] ??= []);
    if (!list.includes(h.host)) list.push(h.host);
  }
  // Redaction is on unless the site turns it off (runtime/privacy/redact.ts): only `false` is written.
  return JSON.stringify({ hosts: byCategory, exempt: consentExemptions(plan), redact: { ...(privacy.redact ? {} : { enabled: false }), strip: privacy.stripParams } });
}
