// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rule } from '../../runtime/declare';
import { nextSlice } from '../../runtime/core/slices';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';
import { openEgress } from '../helpers/egress';
import { postTasksInto, removeScheduler } from '../helpers/posted-tasks';

// Work an action leaves for start-up's next task (runtime/core/slices.ts: the A/B and identity
// clients' first requests) runs first in that task, before any later rule; where start-up is one
// task (no scheduler.postTask: happy-dom, Safari, `tagc simulate`) it runs at once.

/** Tasks posted with scheduler.postTask, run by the test one at a time. */
let tasks: (() => void)[];
const runTask = () => tasks.shift()?.();
const flushMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function rules(seen: string[]) {
  return [
    rule({ id: 'a', description: 'x', events: ['Page Load Started'], actions: [{ label: 'set up, then request', sends: 'necessary', run: () => { seen.push('a'); nextSlice(() => seen.push('a request')); } }] }),
    rule({ id: 'b', description: 'x', events: ['Page Load Started'], actions: [{ label: 'b', sends: 'necessary', run: () => void seen.push('b') }] }),
  ];
}

beforeEach(() => {
  openEgress();
  resetWindow();
  tasks = [];
  (window as unknown as Record<string, unknown>).appEventData = [{ event: 'Page Load Started' }];
});
afterEach(() => {
  removeScheduler();
  vi.restoreAllMocks();
  restoreConsole();
});

describe('work held for the next start-up task', () => {
  it('runs first in the next task, before the next rule, where start-up is sliced', async () => {
    postTasksInto(tasks);
    // A clock that never advances: no budget is ever spent, so only the held work ends a task.
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const seen: string[] = [];
    boot(rules(seen));
    await flushMicrotasks();
    expect(seen).toEqual(['a']);
    expect(tasks).toHaveLength(1);
    runTask();
    await flushMicrotasks();
    expect(seen).toEqual(['a', 'a request', 'b']);
    // Start-up is over: held work now runs at once.
    nextSlice(() => seen.push('later'));
    expect(seen).toEqual(['a', 'a request', 'b', 'later']);
  });

  it('says and drops only a held work that throws: the rest of it and the later rules still run', async () => {
    postTasksInto(tasks);
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const seen: string[] = [];
    const throwing = rule({
      id: 'a', description: 'x', events: ['Page Load Started'],
      actions: [{ label: 'two requests, the first throws', sends: 'necessary', run: () => { nextSlice(() => { throw new Error('hostile'); }); nextSlice(() => seen.push('a second request')); } }],
    });
    const { errors } = boot([throwing, rules(seen)[1]]);
    await flushMicrotasks();
    runTask();
    await flushMicrotasks();
    expect(seen).toEqual(['a second request', 'b']);
    expect(errors).toEqual(['[tagc] Unexpected error: hostile']);
  });

  it('runs at once, in the same order, where start-up is one task', () => {
    const seen: string[] = [];
    boot(rules(seen));
    expect(seen).toEqual(['a', 'a request', 'b']);
  });
});
