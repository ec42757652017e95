// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computed, constant, de, derived, directCall, domReady, equals, libraryLoaded, not, pageHidden, pathStartsWith, rule, windowLoaded } from '../../runtime/declare';
import type { Action } from '../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';

const log: string[] = [];
const step = (label: string, run: () => unknown = () => undefined): Action => ({ kind: 'custom', params: { label }, sends: 'necessary', run: () => { log.push(label); return run(); } });
const on = (id: string, actions: Action[], extra: Partial<Parameters<typeof rule>[0]> = {}) =>
  rule({ id, description: id, events: ['Page Load Completed'], actions, ...extra } as Parameters<typeof rule>[0]);

beforeEach(() => {
  resetWindow();
  log.length = 0;
});
afterEach(() => {
  restoreConsole();
  vi.useRealTimers();
});

describe('dispatch', () => {
  it('runs rules in firing order: lower order first, ties broken by id', () => {
    boot([on('b-rule', [step('b')]), on('late', [step('late')], { order: 90 }), on('a-rule', [step('a')]), on('first', [step('first')], { order: 1 })]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(log).toEqual(['first', 'a', 'b', 'late']);
  });

  it('runs actions only when every condition holds; not() makes the exception', () => {
    history.replaceState(null, '', '/advisor/home.html');
    const b = boot([
      on('advisor', [step('advisor')], { conditions: [pathStartsWith('/advisor')] }),
      on('not-advisor', [step('not-advisor')], { conditions: [not(pathStartsWith('/advisor'))] }),
      on('value', [step('value')], { conditions: [equals(de('audience' as never), 'advisor')] }),
    ], { audience: constant('advisor') });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(log).toEqual(['advisor', 'value']);
    expect(b.skipped).toEqual(['not-advisor']);
  });

  it('stops only the failing rule and logs which action failed', () => {
    const b = boot([on('a', [step('a1', () => { throw new Error('boom'); }), step('a2')]), on('b', [step('b1')])]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(log).toEqual(['a1', 'b1']);
    expect(b.errors).toContain('[tagc] Failed to execute "custom" for "a" rule: boom');
  });

  it('awaits an async action before the next action and the next rule', async () => {
    boot([on('a', [step('a1', () => new Promise((r) => setTimeout(r, 10)).then(() => log.push('a1 done'))), step('a2')]), on('b', [step('b1')])]);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(log).toEqual(['a1']);
    await vi.waitFor(() => expect(log).toEqual(['a1', 'a1 done', 'a2', 'b1']), { timeout: 15_000 });
  });

  it('times out an async action after the rule timeout, logs it, and runs the next rule', async () => {
    vi.useFakeTimers();
    const b = boot([on('slow', [step('s1', () => new Promise(() => undefined)), step('s2')], { timeout: 500 }), on('z-next', [step('n1')])]);
    window.appEventData.push({ event: 'Page Load Completed' });
    await vi.advanceTimersByTimeAsync(499);
    expect(log).toEqual(['s1']);
    await vi.advanceTimersByTimeAsync(2);
    expect(log).toEqual(['s1', 'n1']);
    expect(b.errors).toContain('[tagc] Failed to execute "custom" for "slow" rule: Action timed out after 500 ms');
  });

  it('honours a per-action timeout over the rule timeout', async () => {
    vi.useFakeTimers();
    const slow = { ...step('s1', () => new Promise((r) => setTimeout(r, 5000))), timeout: 8000 };
    boot([on('slow', [slow, step('s2')], { timeout: 2000 })]);
    window.appEventData.push({ event: 'Page Load Completed' });
    await vi.advanceTimersByTimeAsync(5001);
    expect(log).toEqual(['s1', 's2']);
  });

  it('logs a rejected action with its reason', async () => {
    const b = boot([on('r', [step('r1', () => Promise.reject(new Error('nope'))), step('r2')]), on('s', [step('s1')])]);
    window.appEventData.push({ event: 'Page Load Completed' });
    await vi.waitFor(() => expect(log).toEqual(['r1', 's1']), { timeout: 15_000 });
    expect(b.errors).toContain('[tagc] Failed to execute "custom" for "r" rule: nope');
  });

  it('never throws into the page, even when a condition throws', () => {
    const b = boot([on('c', [step('c1')], { conditions: [{ kind: 'custom', params: { label: 'x' }, test: () => { throw new Error('bad'); } }] }), on('d', [step('d1')])]);
    expect(() => window.appEventData.push({ event: 'Page Load Completed' })).not.toThrow();
    expect(log).toEqual(['d1']);
    expect(b.errors.join('\n')).toMatch(/"custom" condition for "c" rule: bad/);
  });
});

describe('lifecycle and direct-call events', () => {
  it('fires library loaded, DOM ready and window loaded once each', () => {
    const b = boot([
      rule({ id: 'lib', description: 'x', events: [libraryLoaded()], actions: [step('lib')] }),
      rule({ id: 'dom', description: 'x', events: [domReady()], actions: [step('dom')] }),
      rule({ id: 'load', description: 'x', events: [windowLoaded()], actions: [step('load')] }),
    ]);
    expect(log.sort()).toEqual(['dom', 'lib', 'load']);
    expect(b.fired).toContain('lib@libraryLoaded');
  });

  it('fires page hidden once on visibilitychange or pagehide, and never listens to unload', () => {
    const add = vi.spyOn(window, 'addEventListener');
    boot([rule({ id: 'hide', description: 'x', events: [pageHidden()], actions: [step('hide')] })]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(log).toEqual(['hide']);
    expect(add.mock.calls.map((c) => c[0])).not.toContain('unload');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('runs direct-call rules from tagc.track with the detail as payload', () => {
    const got: unknown[] = [];
    boot([rule({ id: 'call', description: 'x', events: [directCall<{ n: number }>('promo')], actions: [{ label: 'r', sends: 'necessary', run: (ctx) => got.push(ctx.event.payload) }] })]);
    window.tagc.track('promo', { n: 1 });
    window.tagc.track('other', { n: 2 });
    expect(got).toEqual([{ n: 1 }]);
  });
});

describe('data elements', () => {
  it('computes a value once per dispatch however often it is read', () => {
    let reads = 0;
    const counted = computed(() => ++reads);
    boot([on('twice', [{ kind: 'custom', params: { label: 'x' }, sends: 'necessary', run: (ctx) => log.push(`${ctx.get('n' as never)}/${ctx.get('n' as never)}`) }])], { n: counted });
    window.appEventData.push({ event: 'Page Load Completed' });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(log).toEqual(['1/1', '2/2']);
  });

  it('keeps a found value for its storage scope and falls back to the default', () => {
    let value: string | undefined = 'found';
    const els = {
      pv: computed(() => value, { storage: 'pageview' }),
      ses: computed(() => value, { storage: 'session' }),
      vis: computed(() => value, { storage: 'visitor' }),
      none: computed(() => value, { default: 'fallback' }),
    };
    boot([], els);
    const get = (n: string) => window.tagc.getVar(n);
    expect([get('pv'), get('ses'), get('vis'), get('none')]).toEqual(['found', 'found', 'found', 'found']);
    value = undefined;
    expect([get('pv'), get('ses'), get('vis'), get('none')]).toEqual(['found', 'found', 'found', 'fallback']);
    expect(sessionStorage.getItem('tagc.de.ses')).toBe('"found"');
    expect(localStorage.getItem('tagc.de.vis')).toBe('"found"');
  });

  it('cleans and lower-cases text when asked', () => {
    boot([], { t: constant('  Hello\n  World ', { clean: true, lowerCase: true }) });
    expect(window.tagc.getVar('t')).toBe('hello world');
  });

  it('stops a circular reference deeper than 10 with an error and the default', () => {
    const els: Record<string, ReturnType<typeof computed>> = {};
    for (let i = 0; i < 12; i++) els[`e${i}`] = computed((ctx) => ctx.get(`e${(i + 1) % 12}` as never), { default: `d${i}` });
    const b = boot([], els);
    expect(() => window.tagc.getVar('e0')).not.toThrow();
    expect(b.errors.some((e) => e.includes('Circular data element reference') && e.includes('deeper than 10'))).toBe(true);
  });

  it('computes derived values from other data elements', () => {
    boot([], { a: constant('advisor'), c: constant('us'), l: constant('en'), site: derived(['a', 'c', 'l'] as never, (v) => v.join(':')) });
    expect(window.tagc.getVar('site')).toBe('advisor:us:en');
  });

  it('reports a reader that throws and yields the default', () => {
    const b = boot([], { bad: computed(() => { throw new Error('broken'); }, { default: 'safe' }) });
    expect(window.tagc.getVar('bad')).toBe('safe');
    expect(b.errors).toContain('[tagc] Failed to read data element "bad": broken');
  });
});
