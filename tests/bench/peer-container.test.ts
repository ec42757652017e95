import { describe, expect, it } from 'vitest';
import { actionCode, conditionCode, containerSource, peerContainer } from '../../compiler/bench/peer-container';
import type { Graph, GraphRule, GraphStep } from '../../compiler/graph-types';

// The generated Launch container: one rule per rule of the build, the same events, the same number
// of conditions, custom code that does the rule's work, checked on a hand-written graph: exact
// shapes, and the custom code run against a fake page (tests/bench/peer-stack.test.ts: the real build).

const TRUSTARC = { provider: 'trustarc' as const, levels: { analytics: 1, performance: 1, advertising: 2 } };

function rule(id: string, position: number, over: Partial<GraphRule>): GraphRule {
  return { id, description: '', file: `rules/${id}.ts`, events: [], conditions: [], actions: [], order: 50, environments: ['prod'], consent: null, gates: [], timeout: 2000, reads: [], position, ...over };
}

const step = (kind: string, params: Record<string, unknown>, timeout?: number): GraphStep => ({ kind, params, text: kind, ...(timeout ? { timeout } : {}) });
const dl = (key: string) => ({ key, kind: 'dataLayer', label: key });

const graph: Graph = {
  env: 'prod',
  version: '1.0.0',
  buildTime: '2026-01-01T00:00:00.000Z',
  hash: 'x',
  bundle: { file: 'prod/x.js', bytes: 0, gzipBytes: 0, integrity: '' },
  settings: { debug: false, validate: false, description: '' },
  rules: [
    rule('cta', 1, {
      events: [dl('CTA Clicked')],
      order: 20,
      conditions: [step('consentGranted', { category: 'analytics', exceptPaths: ['/home.html'] }), step('not', { condition: step('path', { op: 'startsWith', value: '/advisor' }) })],
      actions: [step('analyticsEvent', { settings: { trackingServer: 'metrics.firm.example', reportSuite: { $de: 'rsid' }, identity: { orgId: 'ORG@AdobeOrg' } }, linkName: 'CTA', linkType: 'o', events: ['event61'], vars: { eVar5: { $de: 'pageName' } } }, 1500)],
    }),
    rule('boot', 0, {
      events: [{ key: '@libraryLoaded', kind: 'libraryLoaded', label: 'library loaded' }, { key: '@timeOnPage:30', kind: 'timeOnPage', label: '30 s' }],
      order: 5,
      actions: [step('script', { url: 'https://cdn.example/x.js' })],
    }),
  ],
  events: [],
  dataElements: [
    { name: 'pageName', kind: 'dataLayer', file: 'd.ts', description: '', params: { path: 'page.pageName' }, text: '', storage: 'none', default: null, clean: true, lowerCase: false, reads: [], readBy: [] },
    { name: 'rsid', kind: 'derived', file: 'd.ts', description: '', params: { from: ['pageName'] }, text: '', storage: 'session', default: 'firmdev', clean: false, lowerCase: true, reads: ['pageName'], readBy: [] },
  ],
  schemas: [],
  excluded: { rules: [], dataElements: [] },
  tables: [],
  diagnostics: [],
};

/** Runs a generated boolean expression against a fake page. */
function holds(code: string, page: { path: string; cookies?: Record<string, string>; vars?: Record<string, unknown> }): boolean {
  const satellite = { cookie: { get: (n: string) => page.cookies?.[n] }, getVar: (n: string) => page.vars?.[n] };
  return new Function('location', '_satellite', `return ${code};`)({ pathname: page.path, hostname: 'www.firm.example' }, satellite) as boolean;
}

describe('the generated Launch container (hand-written graph)', () => {
  const container = peerContainer(graph, { consent: TRUSTARC });

  it('has one rule per rule in firing order, named by the tagc id, with the same events and ruleOrder', () => {
    expect(container.rules.map((r) => r.name)).toEqual(['boot', 'cta']);
    expect(container.rules[0].events).toEqual([
      { modulePath: 'bench-core/src/lib/events/library-loaded.js', ruleOrder: 5, settings: {} },
      { modulePath: 'bench-core/src/lib/events/timer.js', ruleOrder: 5, settings: { delay: 30_000, repeat: false } },
    ]);
    expect(container.rules[1].events).toEqual([{ modulePath: 'bench-core/src/lib/events/data-layer-push.js', ruleOrder: 20, settings: { event: 'CTA Clicked' } }]);
  });

  it('keeps the number of conditions, a not() as a negated condition, and awaits each action up to its timeout', () => {
    const cta = container.rules[1];
    expect(cta.conditions).toHaveLength(2);
    expect(cta.conditions?.map((c) => c.negate ?? false)).toEqual([false, true]);
    expect(cta.actions).toHaveLength(1);
    expect(cta.actions?.[0]).toMatchObject({ modulePath: 'bench-core/src/lib/actions/custom-code.js', timeout: 1500, delayNext: true });
    expect(container.property.settings.ruleComponentSequencingEnabled).toBe(true);
  });

  it('maps data elements to Launch types with their storage, default, cleaning and case', () => {
    expect(container.dataElements.pageName).toEqual({ modulePath: 'bench-core/src/lib/data-elements/data-layer-value.js', settings: { path: 'page.pageName' }, cleanText: true });
    expect(container.dataElements.rsid).toMatchObject({ modulePath: 'bench-core/src/lib/data-elements/custom-code.js', defaultValue: 'firmdev', forceLowerCase: true, storageDuration: 'session' });
  });

  it('reads the consent cookie in consent conditions, with the exception paths', () => {
    const code = conditionCode(graph.rules[0].conditions[0], graph.rules[0], TRUSTARC);
    expect(holds(code, { path: '/x', cookies: { notice_gdpr_prefs: '0,1:' } })).toBe(true);
    expect(holds(code, { path: '/x', cookies: { notice_gdpr_prefs: '0,2:' } })).toBe(false);
    expect(holds(code, { path: '/x' })).toBe(false);
    expect(holds(code, { path: '/home.html' })).toBe(true);
  });

  it('compares data elements and paths as the tagc kinds do', () => {
    const r = graph.rules[0];
    expect(holds(conditionCode(step('path', { op: 'startsWith', value: '/advisor' }), r, null), { path: '/advisor/x' })).toBe(true);
    expect(holds(conditionCode(step('path', { op: 'startsWith', value: '/advisor' }), r, null), { path: '/individual' })).toBe(false);
    const inList = step('compare', { left: { $de: 'country' }, op: 'in', right: ['us', 'ca'] });
    expect(holds(conditionCode(inList, r, null), { path: '/', vars: { country: 'ca' } })).toBe(true);
    expect(holds(conditionCode(inList, r, null), { path: '/', vars: { country: 'fr' } })).toBe(false);
    const truthy = step('compare', { left: { $de: 'loggedIn' }, op: 'truthy' });
    expect(holds(conditionCode(truthy, r, null), { path: '/', vars: { loggedIn: 'false' } })).toBe(false);
    const either = step('anyOf', { conditions: [step('path', { op: 'equals', value: '/a' }), step('path', { op: 'equals', value: '/b' })] });
    expect(holds(conditionCode(either, r, null), { path: '/b' })).toBe(true);
    expect(holds(conditionCode(either, r, null), { path: '/c' })).toBe(false);
  });

  it('sends a link hit through the AppMeasurement stand-in with the rule variables read from data elements', () => {
    const calls: unknown[][] = [];
    const s = { tl: (...a: unknown[]) => calls.push(a) } as Record<string, unknown>;
    const code = actionCode(graph.rules[0].actions[0], graph.rules[0]);
    new Function('window', '_satellite', code)({ s }, { getVar: (n: string) => `<${n}>` });
    expect(calls).toEqual([[true, 'o', 'CTA', { eVar5: '<pageName>', events: 'event61' }]]);
    expect(s).toMatchObject({ account: '<rsid>', trackingServer: 'metrics.firm.example', orgId: 'ORG@AdobeOrg' });
  });

  it('sends a social pixel with its params and a cache buster each time, as tagc does', () => {
    const srcs: string[] = [];
    class Image {
      set src(v: string) {
        srcs.push(v);
      }
    }
    const pixel = step('socialPixel', { url: 'https://px.ads.example/collect', params: { pid: '42', conversion: { $de: 'pageName' }, empty: null } });
    const code = actionCode(pixel, graph.rules[0]);
    for (let i = 0; i < 2; i++) new Function('window', '_satellite', 'Image', code)({}, { getVar: (n: string) => `<${n}>` }, Image);
    expect(srcs).toHaveLength(2);
    for (const src of srcs) expect(src).toMatch(/^https:\/\/px\.ads\.example\/collect\?pid=42&conversion=%3CpageName%3E&rnd=\d+$/);
    expect(srcs[0]).not.toBe(srcs[1]);
  });

  it('emits custom code as functions and module scripts as the extension exports', () => {
    const source = containerSource(container, '/x/extension.ts');
    expect(source).toMatch(/^import \* as ext from "\/x\/extension.ts";/);
    expect(source).toContain('"script":ext.dataLayerPush');
    expect(source).toContain('"source":function (event) {');
    expect(source).not.toContain('"js"');
  });
});
