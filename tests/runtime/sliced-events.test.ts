// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domReady, rule, windowLoaded } from '../../runtime/declare';
import { SLICE_MS } from '../../runtime/core/slices';
import type { EventSource } from '../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';
import { openEgress } from '../helpers/egress';
import { postTasksInto, removeScheduler } from '../helpers/posted-tasks';

// An event no page code waits on (DOM ready, window loaded: a `sliced` source) that fires once
// start-up is over runs its rules in start-up's slices (runtime/core/dispatch.ts), with a budget
// of its own: past it, the rest in a new task, and a later event waits behind them. Any other
// event runs at once, and so does every event where start-up is one task (no scheduler.postTask).

/** Tasks posted with scheduler.postTask, run by the test one at a time. */
let tasks: (() => void)[];
const runTask = () => tasks.shift()?.();
const flushMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));
let now: number;

/** A source whose event the test fires, with `like`'s slicing (its key is the test's own). */
function firedByTest(like: EventSource<undefined>, key: string): { source: EventSource<undefined>; fire: () => void } {
  let emit: (() => void) | undefined;
  return { source: { ...like, key, listen: (e) => void (emit = () => e()) }, fire: () => emit?.() };
}

/** Rules a (which spends a slice's budget), b and c on `source`; d on the data-layer event CTA Clicked. */
function rules(source: EventSource<undefined>, seen: string[]) {
  const step = (id: string, spend = 0) => ({ label: id, sends: 'necessary' as const, run: () => { now += spend; seen.push(id); } });
  return [
    rule({ id: 'a', description: 'x', events: [source], actions: [step('a', SLICE_MS)] }),
    rule({ id: 'b', description: 'x', events: [source], actions: [step('b')] }),
    rule({ id: 'c', description: 'x', events: [source], actions: [step('c')] }),
    rule({ id: 'd', description: 'x', events: ['CTA Clicked'], actions: [step('d')] }),
  ];
}

const withScheduler = () => postTasksInto(tasks);

beforeEach(() => {
  openEgress();
  resetWindow();
  tasks = [];
  now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  removeScheduler();
  vi.restoreAllMocks();
  restoreConsole();
});

/** Boots with the rules, and lets start-up (nothing queued) end. */
async function booted(source: EventSource<undefined>, seen: string[]) {
  const runtime = boot(rules(source, seen)).runtime!;
  await flushMicrotasks();
  expect(tasks).toHaveLength(0);
  return runtime;
}

describe('events whose rules no page code waits on', () => {
  it('are the DOM-ready and window-loaded events', () => {
    expect(domReady().sliced).toBe(true);
    expect(windowLoaded().sliced).toBe(true);
  });

  it('run their rules in tasks after start-up, a budget each, and a later event after them', async () => {
    withScheduler();
    const seen: string[] = [];
    const { source, fire } = firedByTest(domReady(), '@test');
    const runtime = await booted(source, seen);
    now = 100;
    fire();
    expect(seen).toEqual(['a']);
    expect(tasks).toHaveLength(1);
    runtime.push({ event: 'CTA Clicked' });
    expect(seen).toEqual(['a']);
    runTask();
    await flushMicrotasks();
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    expect(tasks).toHaveLength(0);
  });

  it('run at once for any other event, whatever the budget', async () => {
    withScheduler();
    const seen: string[] = [];
    const { source, fire } = firedByTest({ kind: 'test', key: '', params: {} }, '@test');
    await booted(source, seen);
    fire();
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(tasks).toHaveLength(0);
  });

  it('run at once where start-up is one task', async () => {
    const seen: string[] = [];
    const { source, fire } = firedByTest(domReady(), '@test');
    const runtime = await booted(source, seen);
    fire();
    runtime.push({ event: 'CTA Clicked' });
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
  });
});
