// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anyOf, constant, consentGranted, de, endsWith, equals, greaterThan, hostEquals, isIn, isTrue, matches, not, pathStartsWith, rule } from '../../runtime/declare';
import type { Action, Condition, Explanation } from '../../runtime/declare/types';
import { setDebug } from '../../runtime/core/log';
import { start } from '../../runtime/core/start';
import { boot, resetWindow, restoreConsole, sortRules } from '../helpers/runtime';

// A skipped rule says what its failing condition compared (`explain` on condition kinds), carried
// by the `ruleSkipped` monitor event; the work is done only when someone listens.

type Skip = { rule: string; condition: string; index: number; explain?: Explanation };
const skips: Skip[] = [];
const noop: Action = { kind: 'custom', params: {}, sends: 'necessary', run: () => undefined };
const on = (id: string, conditions: Condition[], extra: Partial<Parameters<typeof rule>[0]> = {}) =>
  rule({ id, description: id, events: ['Page Load Completed'], conditions, actions: [noop], ...extra } as Parameters<typeof rule>[0]);

function run(rules: ReturnType<typeof on>[]): Skip[] {
  const b = boot(rules, { audience: constant('investor'), count: constant('7') });
  (window as unknown as { tagc: { monitor(m: object): void } }).tagc.monitor({ ruleSkipped: (e: Skip) => skips.push(e) });
  window.appEventData.push({ event: 'Page Load Completed' });
  expect(b.errors).toEqual([]);
  return skips;
}

beforeEach(() => {
  resetWindow();
  skips.length = 0;
  history.replaceState(null, '', '/investor/home.html');
});
afterEach(() => {
  restoreConsole();
  setDebug(true);
});

describe('condition explanations', () => {
  it('gives the data element value and the expected value of a failing comparison', () => {
    const got = run([on('advisor-only', [pathStartsWith('/investor'), equals(de('audience' as never), 'advisor')])]);
    expect(got).toEqual([expect.objectContaining({ rule: 'advisor-only', condition: 'compare', index: 1, explain: { subject: 'investor', expected: 'advisor' } })]);
  });

  it('gives the page path, the host, a list and a pattern as they were compared', () => {
    const got = run([
      on('path', [pathStartsWith('/advisor')]),
      on('host', [hostEquals('www.firm.example')]),
      on('list', [isIn(de('audience' as never), ['advisor', 'employer'])]),
      on('pattern', [matches(de('audience' as never), /^adv/i)]),
    ]);
    const byRule = Object.fromEntries(got.map((s) => [s.rule, s.explain]));
    expect(byRule).toEqual({
      path: { subject: '/investor/home.html', expected: '/advisor' },
      host: { subject: location.hostname, expected: 'www.firm.example' },
      list: { subject: 'investor', expected: ['advisor', 'employer'] },
      pattern: { subject: 'investor', expected: '/^adv/i' },
    });
  });

  it('explains the comparisons imported from Launch: numbers, ends with in any case, the boolean true', () => {
    const got = run([
      on('many', [greaterThan(de('count' as never), 10)]),
      on('suffix', [endsWith(de('audience' as never), 'ADVISOR', { ignoreCase: true })]),
      on('flag', [isTrue(de('audience' as never))]),
    ]);
    const byRule = Object.fromEntries(got.map((s) => [s.rule, s.explain]));
    expect(byRule).toEqual({ many: { subject: '7', expected: 10 }, suffix: { subject: 'investor', expected: 'ADVISOR' }, flag: { subject: 'investor', expected: undefined } });
  });

  it('marks a failing not() as negated with the inner condition values, and lists every anyOf alternative', () => {
    const got = run([
      on('not-investor', [not(pathStartsWith('/investor'))]),
      on('either', [anyOf(equals(de('audience' as never), 'advisor'), pathStartsWith('/employer'))]),
    ]);
    expect(got.find((s) => s.rule === 'not-investor')?.explain).toEqual({ subject: '/investor/home.html', expected: '/investor', negated: true });
    expect(got.find((s) => s.rule === 'either')?.explain).toEqual({ subject: ['investor', '/investor/home.html'], expected: ['advisor', '/employer'] });
  });

  it('names the missing consent category, for a consent condition and for rule-level consent alike', () => {
    const got = run([on('gated-condition', [consentGranted('analytics')]), on('gated-rule', [], { consent: 'advertising' })]);
    expect(got.find((s) => s.rule === 'gated-condition')).toMatchObject({ condition: 'consentGranted', index: 0, explain: { subject: 'not granted', expected: 'analytics' } });
    expect(got.find((s) => s.rule === 'gated-rule')).toMatchObject({ condition: 'consent', index: -1, explain: { subject: 'not granted', expected: 'advertising' } });
  });

  it('still reports the skip, without an explanation, when a kind cannot explain or its explain throws', () => {
    const silent: Condition = { kind: 'silent', params: {}, test: () => false };
    const broken: Condition = { kind: 'broken', params: {}, test: () => false, explain: () => { throw new Error('boom'); } };
    const got = run([on('silent', [silent]), on('broken', [broken])]);
    expect(got.map((s) => [s.rule, s.condition, s.explain])).toEqual([['broken', 'broken', undefined], ['silent', 'silent', undefined]]);
  });

  it('never calls explain when no monitor listens for skipped rules and debug logging is off', () => {
    setDebug(false);
    let calls = 0;
    const counted: Condition = { kind: 'counted', params: {}, test: () => false, explain: () => { calls++; return { subject: 1, expected: 2 }; } };
    (window as unknown as Record<string, unknown>).__tagcMonitors = [{ ruleFired: () => undefined }];
    start({ ...sortRules([on('counted', [counted])]), dataElements: {}, domains: ['localhost'], build: { environment: 'test', version: '1', buildTime: '2026-01-01T00:00:00.000Z', hash: 'x' } });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(calls).toBe(0);
    (window as unknown as { tagc: { monitor(m: object): void } }).tagc.monitor({ ruleSkipped: (e: Skip) => skips.push(e) });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(calls).toBe(1);
    expect(skips[0]?.explain).toEqual({ subject: 1, expected: 2 });
  });
  it('asks for explanations for Launch monitors only while the page has a ruleConditionFailed hook, and passes them on', () => {
    setDebug(false);
    let calls = 0;
    const counted: Condition = { kind: 'counted', params: {}, test: () => false, explain: () => { calls++; return { subject: 'a', expected: 'b' }; } };
    const failed: unknown[] = [];
    const sat = { _monitors: [{ ruleCompleted: () => undefined }] as Record<string, (e: unknown) => void>[] };
    const w = window as unknown as Record<string, unknown>;
    w._satellite = sat;
    w.__tagcMonitors = [];
    start({ ...sortRules([on('counted', [counted])]), dataElements: {}, domains: ['localhost'], build: { environment: 'test', version: '1', buildTime: '2026-01-01T00:00:00.000Z', hash: 'x' } });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(calls).toBe(0);
    sat._monitors.push({ ruleConditionFailed: (e) => failed.push(e) });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(calls).toBe(1);
    expect(failed).toEqual([{ rule: { id: 'counted', name: 'counted' }, condition: { modulePath: 'counted', index: 0 }, explain: { subject: 'a', expected: 'b' } }]);
    delete w._satellite;
  });
});
