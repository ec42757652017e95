// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { directCall, domReady, libraryLoaded, rule } from '../../runtime/declare';
import { scriptStart } from '../../runtime/core/script-start';
import { SLICE_MS } from '../../runtime/core/slices';
import type { EventSource } from '../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';
import { openEgress } from '../helpers/egress';
import { postTasksInto, removeScheduler } from '../helpers/posted-tasks';

// A slow start (runtime/core/start.ts): where the bundle's own set-up has already taken a start-up
// task's budget when start() runs, the sources and the data layer attach first thing in start-up's
// next task, and the bundle's task only adds the window APIs. What runs, and in what order, stays
// that of a fast start, including events the page raises in between.

/** Tasks posted with scheduler.postTask, run by the test one at a time. */
let tasks: (() => void)[];
const runTask = () => tasks.shift()?.();
const flushMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
let now: number;

const withScheduler = () => postTasksInto(tasks);

/** A source whose attachment takes a start-up task's budget. */
const slowToAttach: EventSource<undefined> = { kind: 'test', key: '@slow', params: {}, listen: () => void (now += SLICE_MS) };

/** A rule on Library Loaded, one on the queued Page Load Started, one on a direct call, one on DOM ready; and one on a source slow to attach. */
function rules(seen: string[]) {
  const step = (id: string) => ({ label: id, sends: 'necessary' as const, run: () => void seen.push(id) });
  return [
    rule({ id: 'slow', description: 'x', events: [slowToAttach], actions: [step('slow')] }),
    rule({ id: 'loaded', description: 'x', events: [libraryLoaded()], actions: [step('loaded')] }),
    rule({ id: 'page', description: 'x', events: ['Page Load Started'], actions: [step('page')] }),
    rule({ id: 'call', description: 'x', events: [directCall('later')], actions: [step('call')] }),
    rule({ id: 'ready', description: 'x', events: [domReady()], actions: [step('ready')] }),
  ];
}

/** The document's readyState, as the test sets it (happy-dom's own is already past loading). */
let readyState: DocumentReadyState;

/** Boots with Page Load Started queued, then the page calls track() before start-up's next task. */
function bootAndTrack(seen: string[], slow = false) {
  (window as unknown as Record<string, unknown>).appEventData = [{ event: 'Page Load Started' }];
  const booted = boot(rules(seen).filter((r) => slow || r.id !== 'slow'));
  const api = (window as unknown as { tagc?: { track(name: string): void } }).tagc;
  api?.track('later');
  return { booted, api };
}

beforeEach(() => {
  openEgress();
  resetWindow();
  tasks = [];
  withScheduler();
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  readyState = 'loading';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
});
afterEach(() => {
  removeScheduler();
  vi.restoreAllMocks();
  restoreConsole();
});

describe('a start whose set-up took a start-up task', () => {
  it('attaches the sources and the data layer in the next task, whose rules then have a budget of their own, and the page\'s events after them', async () => {
    now = scriptStart + SLICE_MS;
    const seen: string[] = [];
    const { api } = bootAndTrack(seen, true);
    expect(api).toBeDefined();
    await flushMicrotasks();
    // Nothing attached yet: no rule ran, and the queued entry is still the page's own.
    expect(seen).toEqual([]);
    expect(tasks).toHaveLength(1);
    // The attachment takes a budget (slowToAttach); the rules' budget counts from its end.
    runTask();
    await flushMicrotasks();
    expect(seen).toEqual(['loaded', 'page', 'call']);
    expect(tasks).toHaveLength(0);
  });

  it('holds DOM ready raised as its source attaches late behind the queued entries and the page\'s events', async () => {
    now = scriptStart + SLICE_MS;
    const seen: string[] = [];
    bootAndTrack(seen);
    await flushMicrotasks();
    // The DOM was parsed before start-up's next task: its listener attached at boot would have
    // raised DOM ready after the queued entries, and so it comes.
    readyState = 'interactive';
    while (tasks.length) {
      runTask();
      await flushMicrotasks();
    }
    expect(seen).toEqual(['loaded', 'page', 'call', 'ready']);
  });

  it('runs everything in the bundle\'s own task when set-up was quick', async () => {
    now = scriptStart + 1;
    const seen: string[] = [];
    bootAndTrack(seen);
    await flushMicrotasks();
    expect(seen).toEqual(['loaded', 'page', 'call']);
    expect(tasks).toHaveLength(0);
    readyState = 'interactive';
    document.dispatchEvent(new Event('DOMContentLoaded'));
    while (tasks.length) {
      runTask();
      await flushMicrotasks();
    }
    expect(seen).toEqual(['loaded', 'page', 'call', 'ready']);
  });
});
