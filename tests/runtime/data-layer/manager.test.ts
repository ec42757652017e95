// @vitest-environment happy-dom
import { rule } from '../../../runtime/declare';
import type { JsonState } from '../../../runtime/declare/types';
import { whenConsentCookie } from '../../../runtime/core/consent-cookie';
import { CONSENT_POLL_MS, OVERWRITE_CHECK_MS } from '../../../runtime/core/data-layer';
import { resetWindow } from '../../helpers/runtime';
import { bootWith, type Recorded } from './boot-with';

// The data-layer manager of spec §4, §8, §9: reset before configured events, the overwrite
// monitor, the consent-cookie wait, "Invalid path" and callback errors.

let recorded: Recorded | undefined;
const seen: { name: string; payload: unknown; state: JsonState }[] = [];
const recorder = (event: 'Page Load Started' | 'Page Load Completed' | 'CTA Clicked') =>
  rule({ id: `see-${event.toLowerCase().replace(/ /g, '-')}`, description: 'x', events: [event], actions: [{ label: 'record', sends: 'necessary', run: (ctx) => seen.push({ name: ctx.event.name, payload: ctx.event.payload, state: ctx.event.state }) }] });
const all = () => [recorder('Page Load Started'), recorder('Page Load Completed'), recorder('CTA Clicked')];
const getState = (path?: unknown) => (window.appEventData as unknown as { getState(p?: unknown): unknown }).getState(path);

beforeEach(() => {
  resetWindow();
  seen.length = 0;
});
afterEach(() => {
  recorded?.restore();
  vi.useRealTimers();
});

describe('reset before configured events', () => {
  it('clears the computed state before each configured event, and only those', () => {
    recorded = bootWith(all(), { dataLayer: { resetBefore: ['Page Load Started'] } });
    window.appEventData.push({ event: 'Page Load Started', page: { pageName: 'first' }, user: { userRole: 'advisor' } });
    window.appEventData.push({ event: 'CTA Clicked', linkInfo: { linkId: 'a' } });
    expect(seen[1].state).toEqual({ page: { pageName: 'first' }, user: { userRole: 'advisor' }, linkInfo: { linkId: 'a' } });
    window.appEventData.push({ event: 'Page Load Started', page: { pageName: 'second' } });
    expect(seen[2].state).toEqual({ page: { pageName: 'second' } });
    expect(getState()).toEqual({ page: { pageName: 'second' } });
  });

  it('merges across every event when nothing is configured', () => {
    recorded = bootWith(all());
    window.appEventData.push({ event: 'Page Load Started', user: { userRole: 'advisor' } }, { event: 'Page Load Started', page: { pageName: 'x' } });
    expect(seen[1].state).toEqual({ user: { userRole: 'advisor' }, page: { pageName: 'x' } });
  });
});

describe('the overwrite monitor', () => {
  it('logs once, 2.5 s after appEventData was replaced, then stops checking', () => {
    vi.useFakeTimers();
    recorded = bootWith(all());
    vi.advanceTimersByTime(OVERWRITE_CHECK_MS * 4);
    expect(recorded.errors).toEqual([]);
    const managed = window.appEventData;
    window.appEventData = [];
    vi.advanceTimersByTime(OVERWRITE_CHECK_MS - 1);
    expect(recorded.errors).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(recorded.errors).toEqual(['[tagc] Management Functionality Severed... Data Layer has been overwritten!']);
    // Stopped: restoring and replacing it again is not seen.
    window.appEventData = managed;
    vi.advanceTimersByTime(OVERWRITE_CHECK_MS);
    window.appEventData = [];
    vi.advanceTimersByTime(OVERWRITE_CHECK_MS * 10);
    expect(recorded.errors).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(OVERWRITE_CHECK_MS).toBe(2500);
  });

  it('stays silent while the page keeps pushing to the managed array', () => {
    vi.useFakeTimers();
    recorded = bootWith(all());
    for (let i = 0; i < 10; i++) {
      window.appEventData.push({ event: 'CTA Clicked' });
      vi.advanceTimersByTime(OVERWRITE_CHECK_MS);
    }
    expect(recorded.errors).toEqual([]);
    expect(seen).toHaveLength(10);
  });
});

describe('waiting for the consent cookie', () => {
  it('holds the data layer until the cookie exists, then processes every entry in order', () => {
    vi.useFakeTimers();
    window.appEventData = [{ event: 'Page Load Started', page: { pageName: 'p' } }];
    recorded = bootWith(all(), { dataLayer: { attachWhen: whenConsentCookie('OptanonAlertBoxClosed') } });
    window.appEventData.push({ event: 'CTA Clicked', linkInfo: { linkId: 'early' } });
    window.tagc.track('unrelated'); // other event sources are not held
    vi.advanceTimersByTime(CONSENT_POLL_MS * 40);
    expect(seen).toEqual([]);
    expect(window.appEventData).toHaveLength(2);
    document.cookie = 'OptanonAlertBoxClosed=2026-11-22; path=/';
    window.appEventData.push({ event: 'Page Load Completed' });
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(CONSENT_POLL_MS);
    expect(seen.map((s) => s.name)).toEqual(['Page Load Started', 'CTA Clicked', 'Page Load Completed']);
    expect(seen[2].state).toEqual({ page: { pageName: 'p' }, linkInfo: { linkId: 'early' } });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(seen).toHaveLength(4);
  });

  it('starts at once when the cookie is already there, or when none is configured', () => {
    document.cookie = 'OptanonAlertBoxClosed=1; path=/';
    recorded = bootWith(all(), { dataLayer: { attachWhen: whenConsentCookie('OptanonAlertBoxClosed') } });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(seen).toHaveLength(1);
    recorded.restore();
    resetWindow();
    recorded = bootWith(all(), { dataLayer: {} });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(seen).toHaveLength(2);
  });

  it('queues what tagc itself pushes while it waits', () => {
    vi.useFakeTimers();
    recorded = bootWith(all(), { dataLayer: { attachWhen: whenConsentCookie('consent') } });
    recorded.runtime!.push({ event: 'Page Load Started' });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(window.appEventData).toEqual([{ event: 'Page Load Started' }, { event: 'CTA Clicked' }]);
    expect(seen).toEqual([]);
    document.cookie = 'consent=1; path=/';
    vi.advanceTimersByTime(CONSENT_POLL_MS);
    expect(seen.map((s) => s.name)).toEqual(['Page Load Started', 'CTA Clicked']);
  });
});

describe('Invalid path and callback errors (spec §8)', () => {
  it('reads the computed state by path and logs, never throws, on an invalid path', () => {
    recorded = bootWith(all());
    window.appEventData.push({ event: 'CTA Clicked', page: { pageName: 'home', sections: ['a', 'b'] } });
    expect(getState('page.pageName')).toBe('home');
    expect(getState('page.sections.1')).toBe('b');
    expect(getState('page.missing')).toBeUndefined();
    expect(getState('page.__proto__')).toBeUndefined();
    for (const bad of ['', 'page..pageName', '.page', 'page.', 'page name', 42, null, {}]) expect(getState(bad)).toBeUndefined();
    expect(recorded.errors).toHaveLength(8);
    expect(recorded.errors[0]).toBe('[tagc] Invalid path: ""');
    expect(recorded.errors[5]).toBe('[tagc] Invalid path: number');
  });

  it('calls pushed functions with the state reader and logs their errors', () => {
    recorded = bootWith(all());
    window.appEventData.push({ event: 'Page Load Started', page: { pageName: 'home' } });
    const got: unknown[] = [];
    window.appEventData.push((dl: { getState(p?: string): unknown }) => got.push(dl.getState('page.pageName')));
    window.appEventData.push(() => {
      throw new Error('boom');
    });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(got).toEqual(['home']);
    expect(recorded.errors).toEqual(['[tagc] Data layer callback error: boom']);
    expect(seen.map((s) => s.name)).toEqual(['Page Load Started', 'CTA Clicked']);
  });

  it('drops, with an error, an entry whose shared references would make copying it explode, and cuts cycles', () => {
    recorded = bootWith(all());
    // A node shared by two parents, 40 times over: 2^32 paths to copy.
    let shared: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i++) shared = { a: shared, b: shared };
    window.appEventData.push({ event: 'CTA Clicked', linkInfo: shared });
    window.appEventData.push({ event: 'CTA Clicked', linkInfo: { linkId: 'next' } });
    // Whichever budget the machine reaches first (runtime/core/merge.ts): objects, or 50 ms.
    expect(recorded.errors).toEqual([expect.stringMatching(/^\[tagc\] Data layer entry dropped: (more than 20000 nested objects|took over 50 ms)$/)]);
    expect(seen.map((s) => s.payload)).toEqual([{ event: 'CTA Clicked', linkInfo: { linkId: 'next' } }]);
    // Back-references are cut where they point back, so a cyclic entry is cheap and kept.
    const cyclic: Record<string, unknown> = { event: 'CTA Clicked' };
    cyclic.self = cyclic;
    cyclic.linkInfo = { linkId: 'cyclic', parent: cyclic };
    window.appEventData.push(cyclic);
    expect(seen).toHaveLength(2);
    expect(seen[1].payload).toEqual({ event: 'CTA Clicked', linkInfo: { linkId: 'cyclic' } });
  });

  it('logs a failing validation hook and still dispatches the event', () => {
    recorded = bootWith(all(), {
      validate: () => {
        throw new Error('validator broke');
      },
    });
    window.appEventData.push({ event: 'CTA Clicked' });
    expect(recorded.errors).toEqual(['[tagc] Unexpected error before "CTA Clicked": validator broke']);
    expect(seen).toHaveLength(1);
  });
});
