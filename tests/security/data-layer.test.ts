// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_POLL_MS } from '../../runtime/core/data-layer';
import { CLOCK_EVERY, MAX_MS, MAX_NODES, MAX_SLOTS, sanitize, TooLarge } from '../../runtime/core/merge';
import { libraryLoaded, rule } from '../../runtime/declare';
import { boot } from '../helpers/runtime';
import { seen, useCleanPage } from './page';

// Security review, issue 12, rows "a sparse array blocks the main thread in sanitize()" and "a
// frozen or sealed appEventData, a non-configurable push, a Proxy whose trap throws or a throwing
// window getter: every queued event is lost, including the page view".

const on = (event: string) => rule({ id: `on-${event}`, description: 'x', events: [event as never], actions: [{ label: 'record', sends: 'necessary', run: (ctx) => void seen.push(ctx.event.name) }] });
const rules = () => [on('Page Load Started'), on('Page Load Completed'), on('CTA Clicked'), rule({ id: 'lib', description: 'x', events: [libraryLoaded()], actions: [{ label: 'lib', sends: 'necessary', run: () => void seen.push('library loaded') }] })];
const QUEUED = [{ event: 'Page Load Started', page: { pageName: 'home' } }, { event: 'Page Load Completed' }];
const host = window as unknown as Record<string, unknown>;

useCleanPage(() => {
  try {
    delete host.appEventData;
  } catch {
    // The last test leaves a non-configurable property that happy-dom cannot drop.
  }
});

describe('sanitize() is bounded by slots and time as well as objects', () => {
  it('refuses an entry holding a huge sparse array, logs it, and dispatches the next entry', () => {
    const b = boot(rules());
    const sparse: unknown[] = [];
    sparse.length = 5_000_000;
    window.appEventData.push({ event: 'CTA Clicked', linkInfo: { list: sparse } });
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['library loaded', 'Page Load Completed']);
    // Whichever budget a machine reaches first: slots, or 50 ms (holes read slowly).
    expect(b.errors).toEqual([expect.stringMatching(new RegExp(`^\\[tagc\\] Data layer entry dropped: (more than ${MAX_SLOTS} values|took over ${MAX_MS} ms)$`))]);
  });

  it('counts every array slot and object key against the slot budget', () => {
    const frozenClock = () => 0;
    const dense = Array.from({ length: MAX_SLOTS + 1 }, (_, i) => i);
    expect(() => sanitize({ list: dense }, frozenClock)).toThrow(new TooLarge(`more than ${MAX_SLOTS} values`));
    const wide = Object.fromEntries(dense.map((i) => [`k${i}`, i]));
    expect(() => sanitize(wide, frozenClock)).toThrow(TooLarge);
    expect((sanitize({ list: dense.slice(0, MAX_SLOTS - 1) }, frozenClock) as { list: unknown[] }).list).toHaveLength(MAX_SLOTS - 1);
  });

  it('refuses past the time budget on the clock it is given, which it reads once per CLOCK_EVERY values', () => {
    let t = 0;
    const ticking = () => t++;
    expect(() => sanitize({ list: Array.from({ length: (MAX_MS + 2) * CLOCK_EVERY }, (_, i) => i) }, ticking)).toThrow(new TooLarge(`took over ${MAX_MS} ms`));
    t = 0;
    expect(sanitize({ list: [1, 2, 3] }, ticking)).toEqual({ list: [1, 2, 3] });
    expect(MAX_NODES).toBe(20_000);
  });

  it('never refuses an ordinary entry for time, however long the page was paused while copying it', () => {
    let calls = 0;
    const pausedClock = () => (calls++ === 0 ? 0 : 1e9);
    const entry = { event: 'Page Load Started', page: Object.fromEntries(Array.from({ length: CLOCK_EVERY - 10 }, (_, i) => [`f${i}`, i])) };
    expect(sanitize(entry, pausedClock)).toEqual(entry);
  });

  it('refuses an entry whose getters keep the main thread past the time budget', () => {
    const b = boot(rules());
    const slow: Record<string, unknown> = { event: 'CTA Clicked' };
    let read = 0;
    for (let i = 0; i < 400; i++) {
      Object.defineProperty(slow, `k${i}`, {
        enumerable: true,
        get() {
          read++;
          const until = performance.now() + 1;
          while (performance.now() < until);
          return i;
        },
      });
    }
    window.appEventData.push(slow);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['library loaded', 'Page Load Completed']);
    expect(b.errors).toEqual([`[tagc] Data layer entry dropped: took over ${MAX_MS} ms`]);
    // Each getter holds the thread 1 ms: the copy gave up within its budget, not after all 400.
    expect(read).toBeLessThan(400 - MAX_MS);
  });
});

describe('an appEventData that cannot be wrapped still delivers every event', () => {
  const takeOver = (what: string, make: () => unknown[]) =>
    it(`processes what a ${what} array queued and receives later pushes`, () => {
      host.appEventData = make();
      const b = boot(rules());
      expect(seen).toEqual(['library loaded', 'Page Load Started', 'Page Load Completed']);
      window.appEventData.push({ event: 'CTA Clicked' });
      expect(seen.at(-1)).toBe('CTA Clicked');
      expect((window.appEventData as unknown as { getState(p: string): unknown }).getState('page.pageName')).toBe('home');
      expect(b.warnings).toEqual(['[tagc] appEventData could not be wrapped; tagc took it over with a new array']);
    });
  takeOver('frozen', () => Object.freeze(QUEUED.slice()) as unknown[]);
  takeOver('sealed', () => Object.seal(QUEUED.slice()));
  takeOver('Proxy (whose defineProperty trap throws)', () =>
    new Proxy(QUEUED.slice(), {
      defineProperty() {
        throw new Error('no');
      },
    }),
  );

  it('reads pushes made through a non-configurable push of the page, by polling the old array', () => {
    vi.useFakeTimers();
    const page = QUEUED.slice() as unknown[];
    Object.defineProperty(page, 'push', { value: (...items: unknown[]) => Array.prototype.push.apply(page, items), writable: false, configurable: false });
    host.appEventData = page;
    boot(rules());
    expect(seen).toEqual(['library loaded', 'Page Load Started', 'Page Load Completed']);
    page.push({ event: 'CTA Clicked' });
    vi.advanceTimersByTime(CONSENT_POLL_MS);
    expect(seen.at(-1)).toBe('CTA Clicked');
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen.at(-1)).toBe('Page Load Completed');
    expect(seen.filter((e) => e === 'CTA Clicked')).toHaveLength(1);
  });

  it('takes over from a throwing window getter, so a later page view is sent', () => {
    Object.defineProperty(window, 'appEventData', {
      configurable: true,
      get() {
        throw new Error('hostile getter');
      },
    });
    const b = boot(rules());
    expect(seen).toEqual(['library loaded']);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['library loaded', 'Page Load Completed']);
    expect(b.warnings).toEqual(['[tagc] appEventData could not be read; tagc took it over with a new array']);
    const d = Object.getOwnPropertyDescriptor(window, 'appEventData')!;
    expect([d.configurable, d.enumerable, d.writable, Array.isArray(d.value)]).toEqual([true, true, true, true]);
  });

  it('takes over from a revoked Proxy, which Array.isArray throws on, so a later page view is sent', () => {
    const { proxy, revoke } = Proxy.revocable(QUEUED.slice(), {});
    revoke();
    host.appEventData = proxy;
    const b = boot(rules());
    expect(seen).toEqual(['library loaded']);
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual(['library loaded', 'Page Load Completed']);
    expect(b.warnings).toEqual(['[tagc] appEventData could not be read; tagc took it over with a new array']);
    expect(b.errors).toEqual([]);
  });

  it('keeps every other event source when the getter can be neither read nor replaced', () => {
    Object.defineProperty(window, 'appEventData', {
      configurable: false,
      get() {
        throw new Error('hostile getter');
      },
    });
    const b = boot(rules());
    expect(seen).toEqual(['library loaded']);
    expect(b.errors).toEqual(['[tagc] appEventData cannot be replaced; pushes to it are read by polling only']);
    window.tagc.track('x');
  });
});
