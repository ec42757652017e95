// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { constant, directCall, libraryLoaded, rule } from '../../runtime/declare';
import { scriptStart } from '../../runtime/core/script-start';
import { SLICE_MS } from '../../runtime/core/slices';
import { start, type Declared } from '../../runtime/core/start';
import { firingOrder } from '../../runtime/events/table';
import { resetWindow, restoreConsole } from '../helpers/runtime';
import { openEgress } from '../helpers/egress';
import { postTasksInto, removeScheduler } from '../helpers/posted-tasks';

// A bundle without debugging gives start() its project as the function that evaluates the
// project's modules (compiler/phases/5-emit/project-function.ts). The runtime calls it once, when
// the sources attach or the page first reads a data element; and it tells a slow start from the
// set-up before the decision (evaluation and boot's steps), which is then a third of the whole
// (runtime/core/start.ts SET_UP_PER_PART_BEFORE): a slow device makes the project in start-up's
// next task, a fast one in the bundle's own task, where it runs its first rules; and where making
// it there used the task's budget, the sources and the data layer attach in the next task.

let tasks: (() => void)[];
const runTask = () => tasks.shift()?.();
const flushMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
let now: number;

interface Tagc {
  track(name: string): void;
  getVar(name: string): unknown;
}

/**
 * Starts a bundle whose project (a rule on Library Loaded, one on the queued Page Load Started, one
 * on a direct call; one data element) is made by `make`, which takes `cost` ms of the clock.
 */
function startProject(seen: string[], cost = 0) {
  const step = (id: string) => ({ label: id, sends: 'necessary' as const, run: () => void seen.push(id) });
  const make = vi.fn((): Declared => {
    now += cost;
    return {
      rules: firingOrder([
        rule({ id: 'call', description: 'x', events: [directCall('later')], actions: [step('call')] }),
        rule({ id: 'page', description: 'x', events: ['Page Load Started'], actions: [step('page')] }),
        rule({ id: 'loaded', description: 'x', events: [libraryLoaded()], actions: [step('loaded')] }),
      ]),
      dataElements: { siteName: constant('firm') },
    };
  });
  (window as unknown as Record<string, unknown>).appEventData = [{ event: 'Page Load Started', page: { name: 'home' } }];
  const runtime = start({ project: make, domains: ['localhost'], build: { environment: 'prod', version: '1.0.0', buildTime: '2026-01-01T00:00:00.000Z', hash: 'abc123' } });
  return { make, runtime, api: (window as unknown as { tagc?: Tagc }).tagc };
}

beforeEach(() => {
  openEgress();
  resetWindow();
  tasks = [];
  postTasksInto(tasks);
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  removeScheduler();
  vi.restoreAllMocks();
  restoreConsole();
});

describe('a bundle whose project is made by a function', () => {
  it("makes it, and attaches the sources, in start-up's next task where its evaluation took a third of a task's budget", async () => {
    now = scriptStart + 3;
    const seen: string[] = [];
    const { make, api } = startProject(seen);
    api!.track('later');
    await flushMicrotasks();
    expect(make).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
    expect(tasks).toHaveLength(1);
    runTask();
    await flushMicrotasks();
    expect(make).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['loaded', 'page', 'call']);
  });

  it("makes it in start-up's next task where its evaluation was quick but boot's steps before the decision made the part a third of the budget", async () => {
    now = scriptStart + 2;
    // A step of boot's takes a millisecond: the page's monitors, read once boot has begun.
    Object.defineProperty(window, '__tagcMonitors', { configurable: true, get: () => void (now += 1) });
    try {
      const seen: string[] = [];
      const { make } = startProject(seen);
      await flushMicrotasks();
      expect(make).not.toHaveBeenCalled();
      expect(seen).toEqual([]);
      runTask();
      await flushMicrotasks();
      expect(make).toHaveBeenCalledTimes(1);
      expect(seen).toEqual(['loaded', 'page']);
    } finally {
      delete (window as unknown as Record<string, unknown>).__tagcMonitors;
    }
  });

  it("makes it in the bundle's own task, whose first rules run there, where its evaluation was quicker", async () => {
    now = scriptStart + 2;
    const seen: string[] = [];
    const { make } = startProject(seen);
    expect(make).toHaveBeenCalledTimes(1);
    await flushMicrotasks();
    expect(seen).toEqual(['loaded', 'page']);
    expect(tasks).toHaveLength(0);
  });

  it("makes it in the bundle's own task, but attaches the sources and the data layer in the next, where making it used the task's budget", async () => {
    now = scriptStart + 2;
    const seen: string[] = [];
    const { make, runtime, api } = startProject(seen, SLICE_MS);
    api!.track('later');
    expect(make).toHaveBeenCalledTimes(1);
    await flushMicrotasks();
    // Nothing attached yet: no rule ran, and the data layer has not read the queued entry.
    expect(seen).toEqual([]);
    expect(runtime!.state()).toEqual({});
    expect(tasks).toHaveLength(1);
    runTask();
    await flushMicrotasks();
    expect(make).toHaveBeenCalledTimes(1);
    expect(runtime!.state()).toMatchObject({ page: { name: 'home' } });
    expect(seen).toEqual(['loaded', 'page', 'call']);
  });

  it('makes it once, when the page reads a data element before the sources attach', async () => {
    now = scriptStart + 3;
    const seen: string[] = [];
    const { make, api } = startProject(seen);
    expect(api!.getVar('siteName')).toBe('firm');
    expect(make).toHaveBeenCalledTimes(1);
    await flushMicrotasks();
    runTask();
    await flushMicrotasks();
    expect(make).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['loaded', 'page']);
  });
});

describe('a project function that throws (a project module that throws as it evaluates)', () => {
  const failed = '[tagc] Failed to make the project (its rules and data elements): rule module failed';

  /** Starts a bundle whose project function throws; the page has queued a Page Load Started with its data. */
  function startThrowing(errors: string[]) {
    const make = vi.fn((): Declared => {
      throw new Error('rule module failed');
    });
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    (window as unknown as Record<string, unknown>).appEventData = [{ event: 'Page Load Started', page: { name: 'home' } }];
    const runtime = start({ project: make, domains: ['localhost'], build: { environment: 'prod', version: '1.0.0', buildTime: '2026-01-01T00:00:00.000Z', hash: 'abc123' } });
    return { make, runtime, api: (window as unknown as { tagc?: Tagc }).tagc };
  }

  it("says so once on a slow start, where it is made in start-up's next task, and the data layer still attaches", async () => {
    now = scriptStart + 3;
    const errors: string[] = [];
    const { make, runtime } = startThrowing(errors);
    await flushMicrotasks();
    expect(make).not.toHaveBeenCalled();
    runTask();
    await flushMicrotasks();
    expect(make).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([failed]);
    expect(runtime!.state()).toMatchObject({ page: { name: 'home' } });
  });

  it("says so once on a quick start, where it is made in the bundle's own task, and the data layer still attaches", async () => {
    now = scriptStart + 2;
    const errors: string[] = [];
    const { make, runtime } = startThrowing(errors);
    expect(make).toHaveBeenCalledTimes(1);
    await flushMicrotasks();
    expect(errors).toEqual([failed]);
    expect(runtime!.state()).toMatchObject({ page: { name: 'home' } });
  });

  it('reads a data element as undeclared, without a throw into the page, when the page reads one before the project is made', async () => {
    now = scriptStart + 3;
    const errors: string[] = [];
    const { make, api } = startThrowing(errors);
    expect(api!.getVar('siteName')).toBeUndefined();
    expect(make).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([failed]);
    await flushMicrotasks();
    runTask();
    await flushMicrotasks();
    expect(make).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([failed]);
  });
});
