import { failure } from '../core/log';
import { Msg } from '../core/messages';
import type { DataElementRef, RuleContext } from '../declare/types';
import { createIdentity, type IdentityClient } from '../identity/client';
import { installVisitorGlobal } from '../identity/global';
import { createAnalytics, type AnalyticsClient, type Target } from './client';

// What every analytics action carries (rules/lib/analytics.ts fills it from the site
// configuration): where hits go, the identity service, and the abort switch.

export interface IdentitySettings {
  orgId: string;
  host: string;
  optInApplies?: boolean;
  disableIdSyncs?: boolean;
  /** Partner hosts the identity service's syncs (`ibs`) may go to; any other sync is refused at the egress point. */
  syncHosts?: readonly string[];
}

export interface AnalyticsSettings {
  trackingServer: string;
  reportSuite: DataElementRef | string;
  identity: IdentitySettings | null;
  /** A truthy value (usually a data element) stops every hit: bots, tracking switched off. */
  abort?: DataElementRef | boolean;
}

export function tracker(ctx: RuleContext): AnalyticsClient {
  return ctx.runtime.service('analytics', () => createAnalytics(ctx.runtime.win));
}

export function identityOf(ctx: RuleContext, settings: IdentitySettings | null): IdentityClient | null {
  if (!settings) return null;
  return ctx.runtime.service('identity', () => {
    // The client reads its settings and keeps no reference to change: no copy needed.
    const client = createIdentity(ctx.runtime.win, settings);
    installVisitorGlobal(ctx.runtime.win, settings.orgId, client);
    return client;
  });
}

/** A value as a hit's text ('' where there is none): the report suite, a link's name and URL. */
export function textValue(ctx: RuleContext, ref: unknown): string {
  return String(ctx.value(ref) ?? '');
}

/** Where a hit goes now, or null when tracking is aborted on this page. */
export function targetOf(ctx: RuleContext, settings: AnalyticsSettings): Target | null {
  // value(undefined) is undefined: no abort switch, no abort.
  if (ctx.value(settings.abort)) {
    DEBUG: ctx.runtime.log.info(`Analytics hit of "${ctx.rule.id}" aborted (bot or tracking switched off)`);
    return null;
  }
  const rsid = textValue(ctx, settings.reportSuite).trim();
  if (!rsid) throw failure(Msg.NoReportSuite);
  return { trackingServer: settings.trackingServer, rsid };
}

/** Resolves `de()` references in a variables object. */
export function resolveVars(ctx: RuleContext, vars: Record<string, unknown> | undefined): Record<string, unknown> {
  return vars ? (ctx.value(vars) as Record<string, unknown>) : {};
}
