import type { Graph, GraphDataElement, GraphEventRef, GraphRule, GraphStep, SimulationSettings } from '../graph-types';
import type { JsFunction, LaunchAction, LaunchCondition, LaunchContainer, LaunchDataElement, LaunchEvent, LaunchModule, LaunchSettings, LaunchValue } from './launch-container';

// The bench's peer: a Launch container equivalent to a tagc build, generated from that build's
// graph.json (never from the container's source). One Launch rule per tagc rule with the same
// events, the same number of conditions (custom code, or a negated one for not()), and one custom
// code action per tagc action doing comparable work: data elements read through _satellite.getVar,
// analytics hits through the AppMeasurement stand-in `s`, scripts and pixels inserted as tagc does.
// Module scripts live in ./peer/extension.ts; `ext` is that module in the generated library.

export const EXTENSION = 'bench-core';
const lib = (path: string) => `${EXTENSION}/src/lib/${path}.js`;
const fn = (js: string): JsFunction => ({ js });
const str = (v: unknown) => JSON.stringify(v);

/** Module path -> export of ./peer/extension.ts. */
const MODULES: Record<string, { script: string; shared?: boolean }> = {
  'common/hub': { script: 'hub', shared: true },
  'common/measurement': { script: 'measurement', shared: true },
  'events/data-layer-push': { script: 'dataLayerPush' },
  'events/library-loaded': { script: 'libraryLoaded' },
  'events/dom-ready': { script: 'domReady' },
  'events/window-loaded': { script: 'windowLoaded' },
  'events/direct-call': { script: 'directCall' },
  'events/timer': { script: 'timer' },
  'events/scroll-depth': { script: 'scrollDepth' },
  'events/click': { script: 'click' },
  'events/element-visible': { script: 'elementVisible' },
  'events/consent-submitted': { script: 'consentSubmitted' },
  'conditions/custom-code': { script: 'customCode' },
  'actions/custom-code': { script: 'customCode' },
  'data-elements/data-layer-value': { script: 'dataLayerValue' },
  'data-elements/cookie': { script: 'cookieValue' },
  'data-elements/query-param': { script: 'queryParam' },
  'data-elements/storage-item': { script: 'storageItem' },
  'data-elements/constant': { script: 'constant' },
  'data-elements/custom-code': { script: 'customValue' },
};

export interface PeerOptions {
  /** The build's consent provider (manifest.json `simulate.consent`), for consent conditions. */
  consent: SimulationSettings['consent'];
  /**
   * Launch's rule component sequencing: actions run in order, each awaited up to its timeout,
   * which is what tagc guarantees; on by default so that both do the same job.
   */
  sequencing?: boolean;
  /** Date stamped as the build date (reproducible output). */
  buildDate?: string;
}

function isRef(v: unknown): v is { $de: string } {
  return !!v && typeof v === 'object' && typeof (v as { $de?: unknown }).$de === 'string';
}

const getVar = (name: string) => `_satellite.getVar(${str(name)})`;

/** A JSON-like param as a JS expression; `{ $de }` references become `_satellite.getVar(...)`. */
export function valueCode(v: unknown): string {
  if (isRef(v)) return getVar(v.$de);
  if (Array.isArray(v)) return `[${v.map(valueCode).join(', ')}]`;
  if (v && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${str(k)}: ${valueCode(x)}`).join(', ')} }`;
  return v === undefined ? 'undefined' : str(v);
}

/** Every data element a param references, in order of appearance. */
export function refsIn(v: unknown, out: string[] = []): string[] {
  if (isRef(v)) out.push(v.$de);
  else if (Array.isArray(v)) v.forEach((x) => refsIn(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => refsIn(x, out));
  return out;
}

/** Reads data elements as a custom code author would: one getVar each. */
const readAll = (names: readonly string[]) => (names.length ? `[${[...new Set(names)].map(getVar).join(', ')}]` : '[]');

function textOp(subject: string, op: unknown, value: unknown, flags?: unknown): string {
  switch (op) {
    case 'startsWith':
      return `${subject}.indexOf(${str(value)}) === 0`;
    case 'contains':
      return `${subject}.indexOf(${str(value)}) >= 0`;
    case 'equals':
      return `${subject} === ${str(value)}`;
    case 'endsWith':
      return `${subject}.slice(-${String(value).length}) === ${str(value)}`;
    case 'matches':
      return `new RegExp(${str(value)}, ${str(flags ?? '')}).test(${subject})`;
    case 'in':
      return `${str(Array.isArray(value) ? value : [value])}.indexOf(${subject}) >= 0`;
    default:
      return 'true';
  }
}

function compareCode(params: Record<string, unknown>): string {
  const left = `(${valueCode(params.left)})`;
  const right = params.right && typeof params.right === 'object' && 'pattern' in params.right ? (params.right as { pattern: string; flags: string }) : null;
  switch (params.op) {
    case 'equals':
      return `String(${left}) === String(${valueCode(params.right)})`;
    case 'notEquals':
      return `String(${left}) !== String(${valueCode(params.right)})`;
    case 'contains':
      return `String(${left}).indexOf(${valueCode(params.right)}) >= 0`;
    case 'startsWith':
      return `String(${left}).indexOf(${valueCode(params.right)}) === 0`;
    case 'matches':
      return `new RegExp(${str(right?.pattern ?? params.right)}, ${str(right?.flags ?? '')}).test(String(${left}))`;
    case 'in':
      return `${valueCode(params.right)}.map(String).indexOf(String(${left})) >= 0`;
    case 'truthy':
      return `!!${left} && ${left} !== 'false'`;
    case 'falsy':
      return `!${left} || ${left} === 'false'`;
    default:
      return 'true';
  }
}

/** The consent provider's cookie read as custom code would read it. */
function consentCode(params: Record<string, unknown>, consent: PeerOptions['consent']): string {
  const except = Array.isArray(params.exceptPaths) && params.exceptPaths.length ? ` || ${str(params.exceptPaths)}.indexOf(location.pathname) >= 0` : '';
  const category = String(params.category) as 'analytics' | 'advertising' | 'performance';
  if (consent?.provider === 'trustarc') {
    const level = consent.levels[category];
    return `(String(_satellite.cookie.get("notice_gdpr_prefs") || "0:").split(":")[0].split(",").indexOf(${str(String(level))}) >= 0${except})`;
  }
  if (consent?.provider === 'onetrust') {
    const group = consent.groups[category];
    return `(decodeURIComponent(_satellite.cookie.get("OptanonConsent") || "").indexOf(${str(`${group}:1`)}) >= 0${except})`;
  }
  return 'true';
}

/** A boolean expression for one tagc condition (conditions whose code is not in the graph read the rule's data elements and hold). */
export function conditionCode(step: GraphStep, rule: GraphRule, consent: PeerOptions['consent']): string {
  const p = step.params;
  switch (step.kind) {
    case 'path':
      return textOp('location.pathname', p.op, p.value, p.flags);
    case 'host':
      return textOp('location.hostname', p.op, p.value);
    case 'compare':
      return compareCode(p);
    case 'consentGranted':
      return consentCode(p, consent);
    case 'not':
      return `!(${conditionCode(p.condition as GraphStep, rule, consent)})`;
    case 'anyOf':
      return `(${(p.conditions as GraphStep[]).map((c) => conditionCode(c, rule, consent)).join(' || ')})`;
    case 'processStage':
      // Multi-step state in session storage, read and written as tagc's does.
      return `(function () { var k = ${str(`process.${String(p.kind)}`)}, was = sessionStorage.getItem(k); sessionStorage.setItem(k, ${str(p.stage)}); return ${str(p.stage)} === "complete" || was !== ${str(p.stage)}; })()`;
    default:
      return `${readAll([...rule.reads, ...refsIn(p)])}.length >= 0`;
  }
}

function launchCondition(step: GraphStep, rule: GraphRule, consent: PeerOptions['consent']): LaunchCondition {
  const negate = step.kind === 'not';
  const inner = negate ? (step.params.condition as GraphStep) : step;
  return {
    modulePath: lib('conditions/custom-code'),
    settings: { language: 'javascript', source: fn(`function (event) { return ${conditionCode(inner, rule, consent)}; }`) },
    ...(negate ? { negate: true } : {}),
    timeout: rule.timeout,
  };
}

function eventsList(v: unknown): string {
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' && 'name' in e ? String((e as { name: unknown }).name) : JSON.stringify(e))).join(',');
}

/** The JS statements of one tagc action as custom code. */
export function actionCode(step: GraphStep, rule: GraphRule): string {
  const p = step.params;
  const settings = (p.settings ?? {}) as { trackingServer?: string; reportSuite?: unknown; identity?: { orgId?: string } };
  const tracker = `var s = window.s; s.account = ${valueCode(settings.reportSuite ?? '')}; s.trackingServer = ${str(settings.trackingServer ?? '')}; s.orgId = ${str(settings.identity?.orgId ?? '')};`;
  const vars = (extra: Record<string, unknown>) => valueCode({ ...((p.vars as Record<string, unknown>) ?? {}), ...extra });
  switch (step.kind) {
    case 'analyticsEvent':
    case 'analyticsLink':
      return `${tracker} s.tl(true, ${str(p.linkType ?? 'o')}, ${str(p.linkName ?? rule.id)}, ${vars({ events: eventsList(p.events) })});`;
    case 'analyticsPageView':
      return `${tracker} s.t(${vars(p.events === undefined ? {} : { events: eventsList(p.events) })});`;
    case 'script':
      return `var el = document.createElement("script"); el.src = ${str(p.url)}; el.async = true; document.head.appendChild(el);`;
    case 'activityPixel':
      return `var img = new Image(1, 1); img.src = "https://" + ${str(p.host)} + "/activityi;src=" + ${str(p.src)} + ";type=" + ${str(p.type)} + ";cat=" + ${str(p.cat)} + ";ord=" + Math.floor(Math.random() * 1e13) + "?";`;
    case 'socialPixel':
      // A cache buster as tagc's (runtime/actions/pixel-social.ts): without it Blink's memory cache
      // answered 10 of each 11 repeats, a request and its response tagc's page paid and the peer's did not.
      return `var q = ${valueCode(p.params ?? {})}, parts = []; for (var k in q) if (q[k] != null) parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(q[k])); parts.push("rnd=" + Math.floor(Math.random() * 1e12)); var img = new Image(1, 1); img.src = ${str(p.url)} + "?" + parts.join("&");`;
    default:
      // Code that is not in the graph (custom) or a service tagc builds in: read what it reads.
      return `return ${readAll([...refsIn(p), ...(step.kind === 'custom' ? rule.reads : [])])};`;
  }
}

function launchAction(step: GraphStep, rule: GraphRule): LaunchAction {
  return {
    modulePath: lib('actions/custom-code'),
    settings: { language: 'javascript', source: fn(`function (event) { ${actionCode(step, rule)} }`) },
    timeout: step.timeout ?? rule.timeout,
    delayNext: true,
  };
}

/** The Launch event module for one tagc event. */
export function launchEvent(e: GraphEventRef, ruleOrder: number): LaunchEvent {
  const arg = e.key.includes(':') ? e.key.slice(e.key.indexOf(':') + 1) : '';
  const event = (module: string, settings: LaunchSettings = {}): LaunchEvent => ({ modulePath: lib(`events/${module}`), ruleOrder, settings });
  switch (e.kind) {
    case 'dataLayer':
      return event('data-layer-push', { event: e.key });
    case 'libraryLoaded':
      return event('library-loaded');
    case 'domReady':
      return event('dom-ready');
    case 'windowLoaded':
      return event('window-loaded');
    case 'timeOnPage':
      return event('timer', { delay: Number(arg) * 1000, repeat: false });
    case 'heartbeat':
      return event('timer', { delay: Number(arg), repeat: true });
    case 'scrollDepth':
      return event('scroll-depth', { marks: arg.split(',').map(Number) });
    case 'promoClick':
      return event('click', { selector: '[data-ea-promo]' });
    case 'linkClick':
      return event('click', { selector: 'a[href]' });
    case 'promoView':
      return event('element-visible', { selector: '[data-ea-promo]', every: 3000 });
    case 'consent':
      return event('consent-submitted');
    default:
      return event('direct-call', { identifier: arg || e.key });
  }
}

export function launchDataElement(d: GraphDataElement): LaunchDataElement {
  const p = d.params;
  const module = (path: string, settings: LaunchSettings): LaunchDataElement => ({
    modulePath: lib(`data-elements/${path}`),
    settings,
    ...(d.default !== null && d.default !== undefined ? { defaultValue: String(d.default) } : {}),
    ...(d.lowerCase ? { forceLowerCase: true } : {}),
    ...(d.clean ? { cleanText: true } : {}),
    ...(d.storage !== 'none' ? { storageDuration: d.storage } : {}),
  });
  switch (d.kind) {
    case 'dataLayer':
      return module('data-layer-value', { path: String(p.path) });
    case 'cookie':
      return module('cookie', { name: String(p.name) });
    case 'queryParam':
      return module('query-param', { name: String(p.name), caseInsensitive: p.caseInsensitive === true });
    case 'localStorage':
    case 'sessionStorage':
      return module('storage-item', { key: String(p.key), session: d.kind === 'sessionStorage' });
    case 'constant':
      return module('constant', { value: (p.value ?? null) as LaunchValue });
    default:
      // Derived and computed values: custom code reading the data elements they read.
      return module('custom-code', { source: fn(`function (event) { return ${readAll(d.reads)}.join("|"); }`) });
  }
}

/** One Launch rule per rule of the build, in the build's firing order. */
export function peerContainer(graph: Graph, options: PeerOptions): LaunchContainer {
  const modules: Record<string, LaunchModule> = {};
  for (const [path, m] of Object.entries(MODULES)) {
    const name = path.split('/').pop()!;
    modules[lib(path)] = { name, displayName: name.replace(/-/g, ' '), ...(m.shared ? { shared: true } : {}), script: fn(`ext.${m.script}`) };
  }
  const rules = [...graph.rules].sort((a, b) => a.position - b.position);
  return {
    buildInfo: { turbineVersion: '28.1.0', turbineBuildDate: '2024-01-01T00:00:00Z', buildDate: options.buildDate ?? graph.buildTime, minified: true },
    environment: { id: 'EN-bench', stage: 'production' },
    company: { orgId: 'BENCH000000000000000000@AdobeOrg', dynamicCdnEnabled: false },
    property: { name: `tagc ${graph.env} peer`, id: 'PR-bench', settings: { domains: [], undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: options.sequencing ?? true } },
    dataElements: Object.fromEntries(graph.dataElements.map((d) => [d.name, launchDataElement(d)])),
    extensions: { [EXTENSION]: { displayName: 'Bench core', hostedLibFilesBaseUrl: '', modules } },
    rules: rules.map((r, i) => ({
      id: `RL${String(i).padStart(4, '0')}`,
      name: r.id,
      events: r.events.map((e) => launchEvent(e, r.order)),
      conditions: r.conditions.map((c) => launchCondition(c, r, options.consent)),
      actions: r.actions.map((a) => launchAction(a, r)),
    })),
  };
}

/**
 * The container as the start of a Launch library: `_satellite.container = …` with custom code as
 * functions. `extensionImport` is the module specifier of ./peer/extension.ts.
 */
export function containerSource(container: LaunchContainer, extensionImport: string): string {
  const code: string[] = [];
  const json = JSON.stringify(container, (_key, value: unknown) => {
    if (value && typeof value === 'object' && typeof (value as { js?: unknown }).js === 'string' && Object.keys(value).length === 1) {
      code.push((value as JsFunction).js);
      return `__peer_js_${code.length - 1}__`;
    }
    return value;
  });
  const body = json.replace(/"__peer_js_(\d+)__"/g, (_m, i: string) => code[Number(i)]);
  return `import * as ext from ${str(extensionImport)};\nwindow._satellite = window._satellite || {};\nwindow._satellite.container = ${body};\n`;
}
