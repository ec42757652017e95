import { z } from 'zod';
import { VAR_NAME } from '../../../runtime/analytics/names';
import { defineKind, inventoryHost, ref, type HostRequest, type Words } from '../kind';

// Shared by the analytics-* kinds: the settings every hit carries and the variables object.

export const identitySettings = z
  .object({ orgId: z.string().min(1), host: z.string().min(1), optInApplies: z.boolean().optional(), disableIdSyncs: z.boolean().optional(), syncHosts: z.array(inventoryHost).optional() })
  .strict();

export const analyticsSettings = z
  .object({
    trackingServer: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name'),
    reportSuite: z.union([ref, z.string().min(1)]),
    identity: identitySettings.nullable(),
    abort: z.union([ref, z.boolean()]).optional(),
  })
  .strict();

/** Variables by AppMeasurement name; a misspelt or out-of-range name (eVar251, prop76) is an error. */
export const analyticsVars = z.record(z.string().regex(VAR_NAME, 'an analytics variable name (pageName, channel, eVar1-250, prop1-75, list1-3, events, products, contextData, ...)'), z.unknown());

export const textOrRef = z.union([ref, z.string().min(1)]);

type Identity = z.infer<typeof identitySettings>;

/** The identity service: the id call (connect-src) and its data-source syncs (image or iframe), plus the partner hosts the site allows syncs to. */
export function identityHosts(identity: Identity | null): HostRequest[] {
  if (!identity) return [];
  const syncs = identity.disableIdSyncs ? [] : (identity.syncHosts ?? []).flatMap((host) => (['img-src', 'frame-src'] as const).map((directive) => ({ host, category: 'analytics' as const, directive })));
  return [...(['connect-src', 'img-src', 'frame-src'] as const).map((directive) => ({ host: identity.host, category: 'analytics' as const, directive })), ...syncs];
}

/** Beacons leave as images, or as POST / sendBeacon when long or on exit (connect-src); plus the identity service. */
export function analyticsHosts(settings: z.infer<typeof analyticsSettings>): HostRequest[] {
  return [
    { host: settings.trackingServer, category: 'analytics', directive: 'img-src' },
    { host: settings.trackingServer, category: 'analytics', directive: 'connect-src' },
    ...identityHosts(settings.identity),
  ];
}

export function describeVars(vars: Record<string, unknown> | undefined, w: Words): string {
  return Object.entries(vars ?? {})
    .map(([k, v]) => `${k} = ${w.value(v)}`)
    .join(', ');
}

export default defineKind({
  kind: 'analyticsPageView',
  params: z.object({ settings: analyticsSettings, vars: analyticsVars.optional(), clear: z.boolean().optional() }).strict(),
  describe: (p, w) => {
    const vars = describeVars(p.vars, w);
    return `send page view${vars ? ` with ${vars}` : ''}${p.clear === false ? '' : ', then clear variables'}`;
  },
  hosts: (p) => analyticsHosts(p.settings),
});
