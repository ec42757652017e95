// Rules use AppMeasurement's variable names (eVar22, prop5, channel...); the beacon uses the
// wire names (v22, c5, ch...). One table for both directions and for the compiler's checks.

const EVAR = '([1-9]\\d?|1\\d\\d|2[0-4]\\d|250)';
const PROP = '([1-9]|[1-6]\\d|7[0-5])';

/** Every variable a rule may set: AppMeasurement names, or their wire names (ch, v22, c5, l1, v0, cc). */
// A pure call, so that bundles drop it: only the compiler tests it. (esbuild keeps a
// `/* @__PURE__ */ new RegExp(...)` of this pattern; it drops the unused arrow call.)
export const VAR_NAME = /* @__PURE__ */ (() =>
  new RegExp(`^(pageName|channel|server|campaign|currencyCode|purchaseID|events|products|contextData|eVar${EVAR}|prop${PROP}|list[1-3]|ch|v0|cc|v${EVAR}|c${PROP}|l[1-3])$`))();

const ALIAS: Record<string, string> = { ch: 'channel', v0: 'campaign', cc: 'currencyCode' };

/** The AppMeasurement name of a rule-facing name (`v22` -> `eVar22`); unknown names unchanged. */
export function friendlyName(name: string): string {
  if (name in ALIAS) return ALIAS[name];
  const m = /^([vcl])(\d+)$/.exec(name);
  // A wire name is one the numbered table has (VAR_NAME's ranges, without running it in a hit).
  const friendly = m && (m[1] === 'v' ? 'eVar' : m[1] === 'c' ? 'prop' : 'list') + m[2];
  return friendly && numbered().has(friendly) ? friendly : name;
}

/** The query-string name of a rule-facing variable name (contextData has none: it is a group): channel, campaign and currencyCode go by their ALIAS, pageName and the other named variables by their own name. */
export function wireName(name: string): string | undefined {
  for (const wire in ALIAS) if (ALIAS[wire] === name) return wire;
  return name === 'pageName' || NAMED.includes(name) ? name : numbered().get(name);
}

let table: Map<string, string> | null = null;

/** Each numbered variable's wire name, in AppMeasurement's order (a hit's): prop1, eVar1, list1, prop2… list3… prop75, eVar75, eVar76… eVar250, built at the first hit. */
export function numbered(): ReadonlyMap<string, string> {
  if (table) return table;
  table = new Map();
  for (let i = 1; i <= 250; i++) {
    if (i <= 75) table.set(`prop${i}`, `c${i}`);
    table.set(`eVar${i}`, `v${i}`);
    if (i <= 3) table.set(`list${i}`, `l${i}`);
  }
  return table;
}

/** The named variables a hit sends after context data and currency, in AppMeasurement's order. */
export const NAMED: readonly string[] = ['purchaseID', 'channel', 'server', 'campaign', 'events', 'products'];

/** Variables `clearVars()` empties (AppMeasurement): not pageName, server, currency or context data. */
export function isClearedVar(name: string): boolean {
  return /^(eVar|prop|list)\d+$/.test(name) || (name !== 'server' && NAMED.includes(name));
}
