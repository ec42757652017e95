import { describe, expect, it } from 'vitest';
import type { Graph, GraphRule } from '../../compiler/graph-types';
import type { SimulatedRequest, SimulateResult } from '../../compiler/simulate/types';
import { beaconVariables, cookiesBefore, cookiesPreset, cookiesWritten, formFromQuery, outcomesByEvent, skipReason, toInput, wireNames, writeForm } from '../../viewer/src/data/preview';
import { syntheticBuild, syntheticRule } from '../../viewer/fixtures/synthetic-graph';

// Preview's reading of a simulate result against the build, and its form in the URL.

const rule = (over: Partial<GraphRule>): GraphRule => ({ ...syntheticRule(1), position: 0, ...over });
const pathRule = rule({ id: 'retirement-only', consent: null, conditions: [{ kind: 'path', params: { op: 'startsWith', value: '/retirement' }, text: 'path starts with /retirement' }] });

describe('Preview reasons', () => {
  it('name the missing consent category for rule-level consent and consent conditions', () => {
    expect(skipReason(rule({ consent: 'advertising' }), { rule: 'r', event: 'e', condition: 'consent', index: -1, explain: { subject: 'not granted', expected: 'advertising' } })).toEqual({ rule: 'r', needed: 'advertising consent', found: 'not granted' });
    expect(skipReason(undefined, { rule: 'r', event: 'e', condition: 'consentGranted', index: 0, explain: { subject: 'not granted', expected: 'analytics' } }).needed).toBe('analytics consent');
  });

  it('give the failing condition in plain words with the values it compared', () => {
    const s = { rule: 'retirement-only', event: 'e', condition: 'path', index: 0, explain: { subject: '/advisor/insights.html', expected: '/retirement' } };
    expect(skipReason(pathRule, s)).toEqual({ rule: 'retirement-only', needed: 'condition 1: path starts with /retirement', found: 'was “/advisor/insights.html”, expected “/retirement”' });
    expect(skipReason(pathRule, { ...s, explain: { ...s.explain, negated: true } }).found).toBe('it held: “/advisor/insights.html” against “/retirement”');
    expect(skipReason(pathRule, { ...s, explain: undefined }).found).toBeNull();
  });

  it('group fired and skipped rules by event with the event labels of the graph', () => {
    const { graph } = syntheticBuild(3);
    const g: Graph = { ...graph, rules: [...graph.rules, pathRule], events: [{ key: '@domReady', kind: 'domReady', label: 'DOM ready', rules: [], schema: null }, ...graph.events] };
    const result = { fired: [{ rule: 'a', event: 'domReady', order: 50 }, { rule: 'b', event: 'Page Load Completed', order: 10 }], skipped: [{ rule: 'retirement-only', event: 'Page Load Completed', condition: 'path', index: 0 }] } as unknown as SimulateResult;
    expect(outcomesByEvent(g, result).map((o) => [o.label, o.fired, o.skipped.map((s) => s.needed)])).toEqual([
      ['DOM ready', ['a'], []],
      ['Page Load Completed', ['b'], ['condition 1: path starts with /retirement']],
    ]);
  });
});

describe('Preview beacons', () => {
  it("name the variables from the project's mapping table (a table with wire and variable columns)", () => {
    const { graph } = syntheticBuild(1);
    const g: Graph = { ...graph, tables: [{ name: 'm', file: 'f', description: '', columns: ['variable', 'wire', 'element'], rows: [{ variable: 'eVar22', wire: 'v22', element: 'pageName' }, { variable: 'channel', wire: 'ch', element: 'channel' }] }] };
    const beacon: SimulatedRequest = { method: 'GET', url: 'https://m.example/b/ss/suite/1/JS-2.0/s1', body: null, params: { v22: 'advisor > insights', ch: 'US sites', v9: 'x', AQB: '1', mid: '123' }, transport: 'image', at: 0 };
    expect(beaconVariables(beacon, wireNames(g)).map((v) => `${v.name} = ${v.value}`)).toEqual(['channel = US sites', 'eVar22 (pageName) = advisor > insights', 'v9 = x']);
  });

  it('list only the cookies the bundle wrote or changed', () => {
    const before = { a: '1', b: '2', gone: 'x' };
    const after = { a: '1', b: '3', c: '4' };
    expect(cookiesWritten(before, after)).toEqual([['b', '3'], ['c', '4'], ['gone', null]]);
    expect(cookiesPreset(before, after)).toEqual([['a', '1']]);
    // A cookie named like an Object.prototype member is a cookie like any other.
    expect(cookiesWritten({}, { constructor: 'v' })).toEqual([['constructor', 'v']]);
    // The simulator's record of the jar at start (a scenario's cookies, stored consent) wins over the form's cookies.
    expect(cookiesBefore({ cookiesBefore: { OptanonConsent: 'groups=C0002:1' } }, ['a=1'])).toEqual({ OptanonConsent: 'groups=C0002:1' });
    expect(cookiesBefore({}, ['a=1', 'b=x=y'])).toEqual({ a: '1', b: 'x=y' });
  });
});

describe('Preview form in the URL', () => {
  it('round-trips through the query and becomes the request, refusing a push that is not a JSON object', () => {
    const q = new URLSearchParams('q=kept');
    writeForm(q, { scenario: '', url: 'https://www.firm.example/a', consent: 'none', cookies: 'x=1\n\ny=2', push: '{"event":"Page Load Completed"}' });
    const form = formFromQuery(q)!;
    expect(form).toEqual({ scenario: '', url: 'https://www.firm.example/a', consent: 'none', cookies: 'x=1\ny=2', push: '{"event":"Page Load Completed"}' });
    expect(q.get('q')).toBe('kept');
    expect(toInput('prod', form)).toEqual({ input: { env: 'prod', url: 'https://www.firm.example/a', consent: 'none', cookies: ['x=1', 'y=2'], push: [{ event: 'Page Load Completed' }] } });
    expect(toInput('prod', { ...form, push: '[1]' })).toEqual({ error: 'Data-layer push 1 is not an object' });
    expect(formFromQuery(new URLSearchParams('consent=all'))).toBeNull();
  });

  it('names a project scenario alone: the link and the request carry only its name', () => {
    const q = new URLSearchParams('url=https://a.example/&consent=all');
    writeForm(q, { scenario: 'advisor-insights', url: 'https://ignored.example/', consent: 'none', cookies: 'x=1', push: '' });
    expect(q.toString()).toBe('scenario=advisor-insights');
    const form = formFromQuery(q)!;
    expect(toInput('stg', form)).toEqual({ input: { env: 'stg', scenario: 'advisor-insights' } });
  });
});
