// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rule } from '../../runtime/declare';
import { dataLayerValue } from '../../runtime/declare';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';

const seen: unknown[] = [];
const recorder = (id: string, event: 'Page Load Started' | 'Page Load Completed', order = 50) =>
  rule({ id, description: 'records', events: [event], order, actions: [{ label: 'record', sends: 'necessary', run: (ctx) => seen.push([id, ctx.event.name, ctx.event.payload, ctx.get('pageName')]) }] });

beforeEach(() => {
  resetWindow();
  seen.length = 0;
});
afterEach(restoreConsole);

describe('appEventData', () => {
  it('processes entries pushed before the bundle loaded, in order, then intercepts later pushes', () => {
    window.appEventData = [{ event: 'Page Load Started', page: { pageName: 'a' } }, { event: 'Page Load Completed' }];
    boot([recorder('start', 'Page Load Started'), recorder('done', 'Page Load Completed')], { pageName: dataLayerValue('page.pageName') });
    expect(seen.map((s) => (s as unknown[])[0])).toEqual(['start', 'done']);
    window.appEventData.push({ event: 'Page Load Started', page: { pageName: 'b' } });
    expect(seen.at(-1)).toEqual(['start', 'Page Load Started', { event: 'Page Load Started', page: { pageName: 'b' } }, 'b']);
    expect(window.appEventData).toHaveLength(3);
  });

  it("hides tagc's push and getState on the array: writable and configurable, not enumerable", () => {
    boot([]);
    for (const key of ['push', 'getState']) {
      const d = Object.getOwnPropertyDescriptor(window.appEventData, key)!;
      expect([key, d.configurable, d.enumerable, d.writable, typeof d.value]).toEqual([key, true, false, true, 'function']);
    }
    expect(Object.keys(window.appEventData)).toEqual([]);
  });

  it('keeps a computed state that merges every push', () => {
    const b = boot([recorder('done', 'Page Load Completed')], { pageName: dataLayerValue('page.pageName') });
    window.appEventData.push({ page: { pageName: 'home', siteCountry: 'us' } });
    window.appEventData.push({ event: 'Page Load Completed', page: { siteCountry: 'ca' } });
    expect(b.runtime!.state()).toEqual({ page: { pageName: 'home', siteCountry: 'ca' } });
    expect((seen[0] as unknown[])[3]).toBe('home');
  });

  it('gives each event the state it was pushed with', () => {
    const b = boot([recorder('done', 'Page Load Completed')], { pageName: dataLayerValue('page.pageName') });
    window.appEventData.push({ event: 'Page Load Completed', page: { pageName: 'first' } });
    window.appEventData.push({ event: 'Page Load Completed', page: { pageName: 'second' } });
    expect(seen.map((s) => (s as unknown[])[3])).toEqual(['first', 'second']);
    expect(b.runtime!.state()).toEqual({ page: { pageName: 'second' } });
  });

  it('ignores __proto__, constructor and prototype keys and leaves Object.prototype untouched', () => {
    const b = boot([recorder('done', 'Page Load Completed')]);
    const hostile = JSON.parse('{"event":"Page Load Completed","__proto__":{"polluted":1},"page":{"constructor":{"prototype":{"polluted":2}},"ok":1}}');
    window.appEventData.push(hostile);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(b.runtime!.state(), '__proto__')).toBe(false);
    expect(b.runtime!.state()).toEqual({ page: { ok: 1 } });
    expect(seen).toHaveLength(1);
  });

  it('survives a payload with a throwing getter and a cycle, and the next event still fires', () => {
    boot([recorder('done', 'Page Load Completed')]);
    const evil: Record<string, unknown> = { event: 'Page Load Completed' };
    Object.defineProperty(evil, 'boom', { enumerable: true, get: () => { throw new Error('no'); } });
    evil.self = evil;
    expect(() => window.appEventData.push(evil)).not.toThrow();
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toHaveLength(2);
  });

  it('logs a missing event name, keeps the data in the state, and does not dispatch', () => {
    const b = boot([recorder('done', 'Page Load Completed')]);
    window.appEventData.push({ page: { pageName: 'x' } }, 'not an object', null, { event: '' });
    expect(b.errors.filter((e) => e === '[tagc] EVENT NAME VALIDATION FAILED: Missing event name')).toHaveLength(4);
    expect(b.runtime!.state()).toEqual({ page: { pageName: 'x' } });
    expect(seen).toHaveLength(0);
  });

  it('refuses a data layer that is not an array', () => {
    (window as unknown as Record<string, unknown>).appEventData = { event: 'Page Load Completed' };
    const b = boot([recorder('done', 'Page Load Completed')]);
    expect(b.errors).toContain('[tagc] Data layer must be an Array');
    expect(seen).toHaveLength(0);
  });
});
