import { join } from 'node:path';
import type { AnalyticsImport } from './analytics';
import { SUPPORTED_VARS } from './analytics';
import type { CodeModule, ImportContext, Where } from './context';
import { ANALYTICS, CORE, type LaunchComponent, type TextPattern, type TrackerProperties } from './format';
import { basename, isCode, isUnreadable } from './parse';
import { Expr, expr, lit, quote, type TsModule } from './source';

// One Launch rule component → one tagc step (source code), or null with the reason reported.

export interface RuleScope {
  ctx: ImportContext;
  /** The rule module being written. */
  m: TsModule;
  ruleId: string;
  ruleName: string;
  /** The rule's custom-code module (rules/launch/lib/<rule id>.ts). */
  code(): CodeModule;
  analytics: AnalyticsImport | null;
  /** The rule has a click event (link hits then carry the clicked link's URL). */
  clicks: boolean;
}

export interface Step {
  code: string;
  /** What an action sends, for the rule's consent. */
  sends?: 'analytics' | 'necessary';
}

const settingsOf = (c: LaunchComponent) => (c.settings && typeof c.settings === 'object' ? c.settings : {});
const notMapped = (s: RuleScope, where: Where, reason: string): null => {
  s.ctx.report.add('not mapped', where.subject, where.component, reason);
  return null;
};
const review = (s: RuleScope, where: Where, reason: string) => s.ctx.report.add('review', where.subject, where.component, reason);

function unreadable(s: RuleScope, c: LaunchComponent, where: Where): boolean {
  const found = Object.values(settingsOf(c)).find(isUnreadable);
  if (found) notMapped(s, where, `its settings hold ${found.$unreadable} (line ${found.line}), which cannot be read without running the library`);
  return !!found;
}

// ---------------------------------------------------------------- events

export function mapEvent(s: RuleScope, c: LaunchComponent, where: Where): string | null {
  if (unreadable(s, c, where)) return null;
  const st = settingsOf(c);
  const E = CORE.events;
  const api = (name: string, ...args: unknown[]) => `${s.m.api(name)}(${args.map((a) => lit(a)).join(', ')})`;
  switch (c.modulePath) {
    case E.libraryLoaded:
      return api('libraryLoaded');
    case E.pageBottom:
      return api('pageBottom');
    case E.domReady:
      return api('domReady');
    case E.windowLoaded:
      return api('windowLoaded');
    case E.directCall:
      return typeof st.identifier === 'string' && st.identifier.trim() ? api('directCall', st.identifier.trim()) : notMapped(s, where, 'a direct call without an identifier');
    case E.timeOnPage: {
      const seconds = Number(st.timeOnPage);
      if (!(seconds > 0)) return notMapped(s, where, `time on page "${String(st.timeOnPage)}" is not a number of seconds`);
      review(s, where, "tagc's timer counts from the bundle's start and does not pause while the tab is hidden, as Launch's does");
      return api('timeOnPage', seconds);
    }
    case E.click: {
      if (st.elementProperties && Array.isArray(st.elementProperties) && st.elementProperties.length) return notMapped(s, where, 'clicks filtered by element properties have no tagc kind: use a selector');
      if (st.bubbleStop || st.bubbleFireIfChildFired === false) review(s, where, 'bubbling options (stop, or not after a child fired) are not kept: the rule fires for every matching element');
      if (st.anchorDelay) review(s, where, `the ${String(st.anchorDelay)} ms link delay is not kept`);
      const selector = typeof st.elementSelector === 'string' && st.elementSelector ? st.elementSelector : undefined;
      const targetOnly = st.bubbleFireIfParent === false;
      return selector || targetOnly ? api('elementClick', selector, ...(targetOnly ? [{ targetOnly: true }] : [])) : api('elementClick');
    }
    default:
      return notMapped(s, where, `no tagc kind for the event type ${c.modulePath}`);
  }
}

// ---------------------------------------------------------------- conditions

/** Core's value lists: `[{ value, valueIsRegex }]`, or the legacy `value` / `valueIsRegex` pair. */
function patterns(st: Record<string, unknown>, listKey: string): TextPattern[] | null {
  const list = st[listKey];
  if (Array.isArray(list)) return list.every((p) => p && typeof p.value === 'string') ? (list as TextPattern[]) : null;
  return typeof st.value === 'string' ? [{ value: st.value, valueIsRegex: !!st.valueIsRegex }] : null;
}

function regex(source: string): RegExp | null {
  try {
    return new RegExp(source, 'i');
  } catch {
    return null;
  }
}

/** A value compared with a list of exact texts or case-insensitive patterns (Core's textMatch), any of them. */
function matchAny(s: RuleScope, left: string, list: TextPattern[], where: Where): string | null {
  const ref = `${s.m.api('de')}(${quote(left)})`;
  const parts: string[] = [];
  for (const p of list) {
    if (p.valueIsRegex) {
      const re = regex(p.value);
      if (!re) return notMapped(s, where, `/${p.value}/ is not a valid regular expression`);
      parts.push(`${s.m.api('matches')}(${ref}, ${String(re)})`);
    } else parts.push(`${s.m.api('equals')}(${ref}, ${quote(p.value)})`);
  }
  return anyOf(s, parts);
}

function anyOf(s: RuleScope, parts: string[]): string | null {
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0] : `${s.m.api('anyOf')}(${parts.join(', ')})`;
}

/** A generated data element for a page fact a condition reads. */
function fact(s: RuleScope, key: string, wanted: string, make: (v: TsModule) => string): string {
  return s.ctx.value(key, wanted, make);
}

const VALUE_OPS: Record<string, [helper: string, negate: boolean]> = {
  equals: ['equals', false], doesNotEqual: ['notEquals', false], contains: ['contains', false], doesNotContain: ['contains', true],
  startsWith: ['startsWith', false], doesNotStartWith: ['startsWith', true], endsWith: ['endsWith', false], doesNotEndWith: ['endsWith', true],
  matchesRegex: ['matches', false], doesNotMatchRegex: ['matches', true], lessThan: ['lessThan', false], lessThanOrEqual: ['lessThanOrEqual', false],
  greaterThan: ['greaterThan', false], greaterThanOrEqual: ['greaterThanOrEqual', false], isTrue: ['isTrue', false], isFalse: ['isFalse', false],
  isTruthy: ['isTruthy', false], isFalsy: ['isTruthy', true],
};
const TEXT_OPS = new Set(['equals', 'notEquals', 'contains', 'startsWith', 'endsWith']);
const UNARY = new Set(['isTrue', 'isFalse', 'isTruthy']);

function valueComparison(s: RuleScope, st: Record<string, unknown>, where: Where): string | null {
  const comparison = (st.comparison ?? {}) as { operator?: string; caseInsensitive?: boolean };
  const op = VALUE_OPS[comparison.operator ?? ''];
  if (!op) return notMapped(s, where, `unknown comparison operator "${String(comparison.operator)}"`);
  const [helper, negate] = op;
  const left = s.ctx.setting(s.m, st.leftOperand, where);
  // compare() reads its left side from a data element: a literal left operand becomes a constant one.
  const leftRef =
    left instanceof Expr
      ? left
      : expr(`${s.m.api('de')}(${quote(fact(s, `constant:${JSON.stringify(left)}`, 'launch constant', (v) => `${v.api('constant')}(${lit(left)})`))})`);
  let call: string;
  if (UNARY.has(helper)) call = `${s.m.api(helper)}(${lit(leftRef)})`;
  else if (helper === 'matches') {
    if (typeof st.rightOperand !== 'string' || /%[^%]+%/.test(st.rightOperand)) return notMapped(s, where, 'a regular expression taken from a data element');
    let re: RegExp;
    try {
      re = new RegExp(st.rightOperand, comparison.caseInsensitive ? 'i' : '');
    } catch {
      return notMapped(s, where, `/${st.rightOperand}/ is not a valid regular expression`);
    }
    call = `${s.m.api('matches')}(${lit(leftRef)}, ${String(re)})`;
  } else {
    const right = s.ctx.setting(s.m, st.rightOperand, where);
    const options = comparison.caseInsensitive && TEXT_OPS.has(helper) ? ', { ignoreCase: true }' : '';
    call = `${s.m.api(helper)}(${lit(leftRef)}, ${lit(right)}${options})`;
  }
  return negate ? `${s.m.api('not')}(${call})` : call;
}

function customCondition(s: RuleScope, st: Record<string, unknown>, index: number, where: Where): string | null {
  if (!isCode(st.source)) return notMapped(s, where, 'custom code without a function');
  const fn = s.code().add(`condition${index + 1}`, st.source.params, st.source.body, `rule "${s.ruleName}", condition ${index + 1}: Core custom code; \`this\` is the event's element.`, where);
  if (!fn) return null;
  s.m.from(s.code().file, fn);
  const e = s.m.api('launchEvent');
  return `{ label: ${quote(`Launch custom code (condition ${index + 1}), to review`)}, test: (ctx) => { const e = ${e}(ctx); return !!${fn}.call(e.element, e, e.target); } }`;
}

export function mapCondition(s: RuleScope, c: LaunchComponent & { negate?: boolean }, index: number, where: Where): string | null {
  if (unreadable(s, c, where)) return null;
  const st = settingsOf(c);
  const C = CORE.conditions;
  const page = (attribute: string) =>
    fact(s, `page:${attribute}`, `page ${attribute === 'pathAndQuery' ? 'path and query' : attribute}`, (v) => `${v.api('pageInfo')}(${quote(attribute)}, { description: ${quote(`The page ${attribute} (Launch conditions)`)} })`);
  let step: string | null;
  switch (c.modulePath) {
    case C.path: {
      const list = patterns(st, 'paths');
      if (!list) return notMapped(s, where, 'no paths');
      const parts: string[] = [];
      for (const p of list) {
        if (!p.valueIsRegex) parts.push(`${s.m.api('pathEquals')}(${quote(p.value)})`);
        else {
          const re = regex(p.value);
          if (!re) return notMapped(s, where, `/${p.value}/ is not a valid regular expression`);
          parts.push(`${s.m.api('pathMatches')}(${String(re)})`);
        }
      }
      step = anyOf(s, parts);
      break;
    }
    case C.domain: {
      const domains = Array.isArray(st.domains) ? st.domains.filter((d): d is string => typeof d === 'string' && !!d) : [];
      if (!domains.length) return notMapped(s, where, 'no domains');
      step = `${s.m.api('hostWithin')}(${lit(domains)})`;
      break;
    }
    case C.subdomain:
    case C.hash:
    case C.pathAndQuerystring: {
      const [key, attribute] = c.modulePath === C.subdomain ? ['subdomains', 'hostname'] : c.modulePath === C.hash ? ['hashes', 'hash'] : ['paths', 'pathAndQuery'];
      const list = patterns(st, key);
      step = list ? matchAny(s, page(attribute), list, where) : notMapped(s, where, `no ${key}`);
      break;
    }
    case C.protocol:
      step = typeof st.protocol === 'string' ? `${s.m.api('equals')}(${s.m.api('de')}(${quote(page('protocol'))}), ${quote(st.protocol)}, { ignoreCase: true })` : notMapped(s, where, 'no protocol');
      break;
    case C.queryStringParameter:
    case C.cookie:
    case C.variable: {
      const name = typeof st.name === 'string' ? st.name.trim() : '';
      const list = patterns(st, c.modulePath === C.queryStringParameter ? 'queryParams' : c.modulePath === C.cookie ? 'cookieValues' : 'variableValues');
      if (!name || !list) return notMapped(s, where, 'no name or no values');
      const [kind, fn] = c.modulePath === C.queryStringParameter ? ['query', 'queryParam'] : c.modulePath === C.cookie ? ['cookie', 'cookie'] : ['global', 'globalVariable'];
      if (kind === 'global' && !/^[A-Za-z_$][\w$]*(\.[\w$]+)*$/.test(name)) return notMapped(s, where, `"${name}" is not a dotted variable path`);
      const ref = fact(s, `${kind}:${name}`, `${kind} ${name}`, (v) => `${v.api(fn)}(${quote(name)}, { description: ${quote(`The ${kind === 'global' ? 'page variable' : kind === 'query' ? 'query parameter' : 'cookie'} ${name} (Launch conditions)`)} })`);
      step = matchAny(s, ref, list, where);
      break;
    }
    case C.valueComparison:
      step = valueComparison(s, st, where);
      break;
    case C.customCode:
      step = customCondition(s, st, index, where);
      break;
    default:
      return notMapped(s, where, `no tagc kind for the condition type ${c.modulePath}`);
  }
  if (!step) return null;
  return c.negate ? `${s.m.api('not')}(${step})` : step;
}

// ---------------------------------------------------------------- actions

/** Set Variables' trackerProperties → tagc variables, plus what Launch adds to linkTrackVars / linkTrackEvents. */
export function trackerVars(s: RuleScope, tp: TrackerProperties, where: Where): { vars: Record<string, unknown>; names: string[]; events: string[] } {
  const vars: Record<string, unknown> = {};
  const prefix = typeof tp.dynamicVariablePrefix === 'string' && tp.dynamicVariablePrefix ? tp.dynamicVariablePrefix : 'D=';
  const events: string[] = [];
  for (const [key, value] of Object.entries(tp)) {
    if (value === undefined || key === 'dynamicVariablePrefix') continue;
    if (key === 'eVars' || key === 'props') {
      for (const v of Array.isArray(value) ? value : []) {
        if (!v || typeof v.name !== 'string' || !SUPPORTED_VARS.test(v.name)) {
          review(s, where, `variable ${JSON.stringify(v?.name)} is not one tagc sends: left out`);
          continue;
        }
        if (v.type === 'alias') {
          const m = /^(eVar|prop)(\d+)$/.exec(String(v.value));
          vars[v.name] = m ? `${prefix}${m[1] === 'eVar' ? 'v' : 'c'}${m[2]}` : undefined;
        } else vars[v.name] = s.ctx.setting(s.m, v.value, where);
      }
    } else if (key === 'events') {
      for (const e of Array.isArray(value) ? value : []) {
        if (!e || typeof e.name !== 'string') continue;
        events.push(e.name);
        vars.events = [...((vars.events as unknown[]) ?? []), `${e.name}${e.id ? `:${e.id}` : ''}${e.value ? `=${e.value}` : ''}`];
      }
    } else if (key === 'campaign' && value && typeof value === 'object') {
      const c = value as { type?: string; value?: string };
      if (c.type === 'queryParam' && c.value) {
        const name = fact(s, `query:${c.value}`, `query ${c.value}`, (v) => `${v.api('queryParam')}(${quote(c.value!)}, { description: ${quote(`The query parameter ${c.value} (Launch campaign)`)} })`);
        vars.campaign = expr(`${s.m.api('de')}(${quote(name)})`);
      } else vars.campaign = s.ctx.setting(s.m, c.value, where);
    } else if (SUPPORTED_VARS.test(key) && (typeof value === 'string' || typeof value === 'number')) {
      vars[key] = s.ctx.setting(s.m, value, where);
    } else review(s, where, `the setting ${key} has no tagc equivalent: left out`);
  }
  // Launch's Set Variables lists in linkTrackVars the names it sets of these kinds, and "events".
  const names = Object.keys(vars).filter((k) => /^(eVar\d+|prop\d+|campaign|purchaseID|channel|server)$/.test(k));
  if (events.length) names.push('events');
  return { vars, names, events };
}

function analyticsAction(s: RuleScope, c: LaunchComponent, where: Where): Step | null {
  const st = settingsOf(c);
  if (!s.analytics) return notMapped(s, where, 'the Analytics extension settings were not imported');
  const settings = s.m.from(s.analytics.file, 'analytics');
  switch (c.modulePath) {
    case ANALYTICS.setVariables: {
      if (st.customSetup && isCode((st.customSetup as { source?: unknown }).source)) review(s, where, "its custom code runs on AppMeasurement's `s`, which tagc does not provide: not imported");
      const { vars, names, events } = trackerVars(s, (st.trackerProperties ?? {}) as TrackerProperties, where);
      return { code: `${s.m.api('setVariables')}(${lit(vars)}, ${lit({ linkTrackVars: names, linkTrackEvents: events, merge: true })})`, sends: 'analytics' };
    }
    case ANALYTICS.sendBeacon: {
      if (st.type === 'page' || st.type === undefined) return { code: `${s.m.api('sendPageView')}({ settings: ${settings}, clear: false })`, sends: 'analytics' };
      const type = ['o', 'd', 'e'].includes(String(st.linkType)) ? String(st.linkType) : 'o';
      let name = s.ctx.setting(s.m, st.linkName, where);
      if (name === undefined || name === '') {
        name = 'link clicked';
        if (s.clicks) review(s, where, 'a link hit without a name: Launch sends the link text, tagc sends "link clicked"');
      }
      const url = s.clicks ? `, url: ${s.m.api('de')}(${quote(fact(s, 'token:this.href', 'event this.href', (v) => `${v.api('computed')}((ctx) => ${v.api('launchToken')}(ctx, 'this.href'), { description: 'Launch token %this.href%' })`))})` : '';
      return { code: `${s.m.api('sendLinkHit')}({ settings: ${settings}, name: ${lit(name)}, type: ${quote(type)}${url} })`, sends: 'analytics' };
    }
    case ANALYTICS.clearVariables:
      return { code: `${s.m.api('clearVariables')}()`, sends: 'analytics' };
  }
  return notMapped(s, where, `no tagc kind for the action type ${c.modulePath}`);
}

function customAction(s: RuleScope, st: Record<string, unknown>, index: number, where: Where): Step | null {
  let source = st.source;
  if (st.isExternal && typeof source === 'string') {
    const file = basename(source);
    source = s.ctx.externals[file];
    if (source === undefined) return notMapped(s, where, `its code is in the separate file ${file}, which was not given (import the library's folder)`);
  }
  if (typeof source !== 'string') return notMapped(s, where, 'custom code without source');
  if (st.language === 'html') {
    return notMapped(s, where, 'HTML custom code (written into the page): rewrite it as a tagc kind (loadScript, activityPixel) or a custom action');
  }
  if (st.global) review(s, where, 'global custom code: its top-level variables and functions were page globals in Launch; they are now local to a function');
  const fn = s.code().add(`action${index + 1}`, ['event', 'target', 'Promise'], source, `rule "${s.ruleName}", action ${index + 1}: Core custom code; \`this\` is the event's element.`, where);
  if (!fn) return null;
  s.m.from(s.code().file, fn);
  const network = s.ctx.report.entries.some((e) => e.subject === where.subject && e.component === where.component && /network/.test(e.reason));
  const sends = network ? 'analytics' : 'necessary';
  const e = s.m.api('launchEvent');
  return {
    code: `{ label: ${quote(`Launch custom code (action ${index + 1}), to review`)}, sends: ${quote(sends)}, run: (ctx) => { const e = ${e}(ctx); return ${fn}.call(e.element, e, e.target, Promise); } }`,
    sends,
  };
}

export function mapAction(s: RuleScope, c: LaunchComponent, index: number, where: Where): Step | null {
  if (unreadable(s, c, where)) return null;
  const st = settingsOf(c);
  if (c.modulePath === CORE.actions.customCode) return customAction(s, st, index, where);
  if (c.modulePath === CORE.actions.directCall) {
    if (typeof st.identifier !== 'string' || !st.identifier.trim()) return notMapped(s, where, 'a direct call without an identifier');
    const entries = ((st.detail as { eventObjectEntries?: { key: string; value: string }[] } | undefined)?.eventObjectEntries ?? []).filter((e) => e && typeof e.key === 'string');
    const detail = entries.length ? s.ctx.setting(s.m, Object.fromEntries(entries.map((e) => [e.key, e.value])), where) : undefined;
    return { code: `${s.m.api('triggerDirectCall')}(${quote(st.identifier.trim())}${detail ? `, ${lit(detail)}` : ''})`, sends: 'necessary' };
  }
  if (c.modulePath.startsWith('adobe-analytics/')) return analyticsAction(s, c, where);
  return notMapped(s, where, `no tagc kind for the action type ${c.modulePath}`);
}

/** Where a rule's custom code goes. */
export function ruleCodeFile(ctx: ImportContext, ruleId: string): string {
  return join(ctx.paths.out, 'rules', 'launch', 'lib', `${ruleId}.ts`);
}
