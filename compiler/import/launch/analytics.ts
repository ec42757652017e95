import { join } from 'node:path';
import type { ImportContext } from './context';
import type { AnalyticsExtensionSettings, TrackerProperties } from './format';
import type { CodeRef } from './parse';
import { lit, quote, TsModule } from './source';

// The Adobe Analytics extension's settings → rules/launch/lib/analytics.ts: the tracking server
// and the report suites of each Launch stage (tagc's prod and internal bundles use production's,
// stg staging's, dev and test development's). Its tracker-wide variables are set by a
// library-loaded rule, before any rule of the page sends.

export const ANALYTICS_EXTENSION = 'adobe-analytics';

/** Tracker properties tagc's analytics kinds accept, by AppMeasurement name. */
export const SUPPORTED_VARS = /^(pageName|channel|server|campaign|currencyCode|purchaseID|products|eVar([1-9]\d?|1\d\d|2[0-4]\d|250)|prop([1-9]|[1-6]\d|7[0-5])|list[1-3])$/;

/** Extension settings that only configure AppMeasurement itself, with no equivalent to map. */
const TRACKER_ONLY = new Set(['trackingServer', 'trackingServerSecure', 'trackInlineStats', 'linkInternalFilters', 'linkLeaveQueryString', 'charSet', 'cookieDomainPeriods', 'visitorNamespace']);

export interface AnalyticsImport {
  /** Module exporting `analytics` (AnalyticsSettings). */
  file: string;
  source: string;
  /** Variables every hit starts with (the extension's trackerProperties that map), as Launch settings. */
  globals: Record<string, unknown>;
}

const STAGES = ['development', 'staging', 'production'] as const;

/** The analytics settings module, or null (reported) when the library has no usable extension. */
export function analyticsModule(ctx: ImportContext): AnalyticsImport | null {
  const ext = ctx.container.extensions[ANALYTICS_EXTENSION];
  if (!ext) return null;
  const where = { subject: `extension "${ANALYTICS_EXTENSION}"`, component: '' };
  const settings = (ext.settings ?? {}) as AnalyticsExtensionSettings<CodeRef>;
  const tp: TrackerProperties = settings.trackerProperties ?? {};
  const server = tp.trackingServerSecure || tp.trackingServer;
  if (typeof server !== 'string' || !server) {
    ctx.report.add('not mapped', where.subject, 'settings', 'no trackingServer: the Analytics actions are not imported');
    return null;
  }
  if (settings.libraryCode?.type && settings.libraryCode.type !== 'managed') {
    ctx.report.add('review', where.subject, 'libraryCode', `the library was "${settings.libraryCode.type}" (AppMeasurement from elsewhere); tagc sends the beacons itself`);
  }
  const accounts = settings.libraryCode?.accounts ?? {};
  const bySuite = Object.fromEntries(STAGES.map((stage) => [stage, (accounts[stage] ?? []).join(',')]));
  if (!bySuite.production) ctx.report.add('review', where.subject, 'libraryCode.accounts', 'no production report suite: prod bundles send no hits');
  const reportSuite = ctx.value('analytics:reportSuite', 'launch report suite', (v) => {
    const table = lit({ test: bySuite.development, dev: bySuite.development, stg: bySuite.staging, prod: bySuite.production, internal: bySuite.production });
    return `${v.api('computed')}(({ runtime }) => (${table} as Record<string, string>)[runtime.env] || undefined, { description: 'Report suites of the Launch Analytics extension, by environment' })`;
  });
  if (settings.customSetup?.source) ctx.report.add('not mapped', where.subject, 'customSetup', "the extension's custom code runs on AppMeasurement's `s` (doPlugins, plugins), which tagc does not provide");

  const globals: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tp)) {
    if (TRACKER_ONLY.has(key) || value === undefined) continue;
    if (SUPPORTED_VARS.test(key) && (typeof value === 'string' || typeof value === 'number')) globals[key] = value;
    else ctx.report.add('not mapped', where.subject, `trackerProperties.${key}`, 'an AppMeasurement setting tagc has no equivalent for (automatic link tracking, plugins, other variables)');
  }

  const file = join(ctx.paths.out, 'rules', 'launch', 'lib', 'analytics.ts');
  const m = new TsModule(file, ctx.paths.declare);
  const body = `export const analytics: ${m.apiType('AnalyticsSettings')} = {\n  trackingServer: ${quote(server)},\n  reportSuite: ${m.api('de')}(${quote(reportSuite)}),\n  identity: null,\n};\n`;
  return { file, source: m.render(['Where analytics hits go: the Adobe Analytics extension settings of the Launch library.'], body), globals };
}
