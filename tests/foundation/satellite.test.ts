// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { constant, directCall, domReady, libraryLoaded, pageBottom, rule } from '../../runtime/declare';
import type { Rule } from '../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';

// Page code written for Adobe Launch talks to `window._satellite`; the bundle provides it on top
// of window.tagc (runtime/core/satellite.ts).

beforeEach(resetWindow);
afterEach(restoreConsole);

const recorder = (id: string, seen: unknown[], events: Rule['events'] = [directCall('cart add')]) =>
  rule({ id, description: 'x', events, actions: [{ label: 'record', sends: 'necessary', run: (ctx) => void seen.push([id, ctx.event.name, ctx.event.payload]) }] });

describe('window._satellite', () => {
  it('runs direct-call rules on track(name, detail), trimming the name as Launch does', () => {
    const seen: unknown[] = [];
    boot([recorder('add', seen)]);
    window._satellite.track('  cart add ', { sku: 'A1' });
    window._satellite.track('unknown call');
    expect(seen).toEqual([['add', 'cart add', { sku: 'A1' }]]);
  });

  it('is window.tagc under Launch names: the same track, getVar and setVar functions', () => {
    boot([], { pageType: constant('article') });
    expect(window._satellite.track).toBe(window.tagc.track);
    expect(window._satellite.getVar('pageType')).toBe('article');
    window._satellite.setVar({ user: { tier: 'gold' }, visits: 3 });
    window._satellite.setVar('single', 'one');
    expect(window.tagc.getVar('user.tier')).toBe('gold');
    expect(window._satellite.getVar('visits')).toBe(3);
    expect(window._satellite.getVar('single')).toBe('one');
    expect(window._satellite.getVar('user.missing')).toBeUndefined();
  });

  it('reads, writes and removes cookies with js-cookie arguments (expires in days)', () => {
    boot([]);
    window._satellite.cookie.set('seg', 'a b', { expires: 7 });
    expect(document.cookie).toContain('seg=a%20b');
    expect(window._satellite.cookie.get('seg')).toBe('a b');
    expect(window._satellite.cookie.get()).toMatchObject({ seg: 'a b' });
    window._satellite.cookie.remove('seg');
    expect(window._satellite.cookie.get('seg')).toBeUndefined();
  });

  it("writes js-cookie's expires, in days or as a date, as the cookie's max-age in seconds", () => {
    boot([]);
    const written: string[] = [];
    const set = vi.spyOn(document, 'cookie', 'set').mockImplementation((line: string) => void written.push(line));
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      window._satellite.cookie.set('days', '1', { expires: 7 });
      window._satellite.cookie.set('date', '1', { expires: new Date('2026-01-03T00:00:00Z') });
      window._satellite.cookie.set('session', '1');
    } finally {
      vi.useRealTimers();
      set.mockRestore();
    }
    expect(written.map((w) => /max-age=(\d+)/.exec(w)?.[1] ?? 'none')).toEqual(['604800', '172800', 'none']);
  });

  it('gives the build and the environment in Launch shapes', () => {
    boot([]);
    expect(window._satellite.buildInfo).toMatchObject({ buildDate: '2026-01-01T00:00:00.000Z', minified: true, hash: 'abc123' });
    expect(window._satellite.environment).toEqual({ id: 'test', stage: 'development' });
  });

  it('turns debug on and off through setDebug, and the logger prints only while it is on', () => {
    const b = boot([]);
    window._satellite.setDebug(false);
    window._satellite.logger.error('quiet');
    expect(b.errors.join()).not.toContain('quiet');
    window._satellite.setDebug(true);
    expect(window.tagc.debug()).toBe(true);
    window._satellite.logger.warn('loud', 1);
    expect(b.warnings).toContain('[tagc] [Custom Script] loud 1');
  });

  it('keeps the _monitors a page registered before the bundle and calls them with Launch shapes', () => {
    const calls: unknown[] = [];
    const monitor = {
      ruleTriggered: (e: { rule: { id: string } }) => calls.push(['triggered', e.rule.id]),
      ruleConditionFailed: (e: { rule: { id: string }; condition: { modulePath: string } }) => calls.push(['failed', e.rule.id, e.condition.modulePath]),
      ruleCompleted: (e: { rule: { id: string; name: string } }) => calls.push(['completed', e.rule.id, e.rule.name]),
    };
    (window as unknown as Record<string, unknown>)._satellite = { _monitors: [monitor, { ruleTriggered: () => { throw new Error('broken'); } }] };
    const seen: unknown[] = [];
    boot([
      recorder('fires', seen),
      rule({ id: 'blocked', description: 'x', events: [directCall('cart add')], conditions: [{ label: 'never', test: () => false }], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }),
    ]);
    window._satellite.track('cart add');
    expect(calls).toEqual([['triggered', 'blocked'], ['failed', 'blocked', 'custom'], ['triggered', 'fires'], ['completed', 'fires', 'fires']]);
    expect(seen).toHaveLength(1);
  });

  it('reads _monitors at each call, so monitors added later are called too', () => {
    const calls: string[] = [];
    boot([recorder('r', [])]);
    window._satellite._monitors = [{ ruleCompleted: (e: { rule: { id: string } }) => calls.push(e.rule.id) }];
    window._satellite.track('cart add');
    expect(calls).toEqual(['r']);
  });

  it('leaves _satellite to Adobe Launch where its library has loaded, and warns', () => {
    const launch = { track: () => 'launch' };
    Object.assign(window, { __satelliteLoaded: true, _satellite: launch });
    const b = boot([]);
    expect(window._satellite).toBe(launch);
    expect(window.tagc).toBeDefined();
    expect(b.warnings.join()).toMatch(/_satellite is Adobe Launch/);
  });
});

describe('page bottom', () => {
  it('fires page-bottom rules once when the page calls _satellite.pageBottom(), before DOM-ready rules', () => {
    const seen: unknown[] = [];
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      boot([recorder('bottom', seen, [pageBottom()]), recorder('ready', seen, [domReady()]), recorder('top', seen, [libraryLoaded()])]);
      window._satellite.pageBottom();
      window._satellite.pageBottom();
      document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    } finally {
      delete (document as unknown as Record<string, unknown>).readyState;
    }
    expect(seen.map((s) => (s as string[])[0])).toEqual(['top', 'bottom', 'ready']);
  });

  it('fires page-bottom rules once when a page-bottom rule itself calls _satellite.pageBottom()', () => {
    const seen: unknown[] = [];
    const again = rule({ id: 'again', description: 'x', events: [pageBottom()], actions: [{ label: 'call again', sends: 'necessary', run: () => void (seen.push(['again']), window._satellite.pageBottom()) }] });
    boot([again]);
    window._satellite.pageBottom();
    window._satellite.pageBottom();
    expect(seen).toEqual([['again']]);
  });

  it('fires page-bottom rules when the DOM is parsed if the page never calls pageBottom(), ahead of DOM-ready rules', () => {
    const seen: unknown[] = [];
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      boot([recorder('ready', seen, [domReady()]), recorder('bottom', seen, [pageBottom()])].map((r, i) => ({ ...r, order: i })));
      document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    } finally {
      delete (document as unknown as Record<string, unknown>).readyState;
    }
    expect(seen.map((s) => (s as string[])[0])).toEqual(['bottom', 'ready']);
  });
});
