import { describe, expect, it } from 'vitest';
import { compile } from '../../compiler/index';
import { eventTable, firingOrder, type RuleEvents } from '../../runtime/events/table';
import type { EventSource } from '../../runtime/declare/types';
import { REPO } from '../helpers/container';

// The bundle builds its dispatch table from its rules when it starts (runtime/events/table.ts);
// it must be the compiler's plan (compiler/phases/4-plan), which graph.json and the reports show.

const source = (key: string): EventSource => ({ kind: 'timer', params: {}, key, listen: () => undefined });

describe('eventTable', () => {
  it('lists the rules of each key in their order, each once, and the first source of each key', () => {
    const a = source('@timer:1');
    const b = source('@timer:1');
    const c = source('@domReady');
    const rules: RuleEvents[] = [{ events: ['Page Load Started', a] }, { events: ['Page Load Started', 'Page Load Started', b, c] }, { events: ['Page Load Completed', c] }];
    const { table, sources } = eventTable(rules);
    expect({ ...table }).toEqual({ 'Page Load Started': [0, 1], '@timer:1': [0, 1], '@domReady': [1, 2], 'Page Load Completed': [2] });
    expect(sources).toEqual([a, c]);
    expect(sources[0]).toBe(a);
  });

  it('keeps event names that are Object.prototype keys as own keys', () => {
    const { table } = eventTable([{ events: ['__proto__', 'constructor', 'toString'] }]);
    expect(Object.getPrototypeOf(table)).toBeNull();
    expect(Object.entries(table)).toEqual([
      ['__proto__', [0]],
      ['constructor', [0]],
      ['toString', [0]],
    ]);
  });

  it("is the compiler's plan of the project's prod bundle", async () => {
    const { plans } = await compile({ root: REPO, envs: ['prod'], emit: false });
    const plan = plans[0]!;
    expect(plan.rules.length).toBeGreaterThan(50);
    const { table, sources } = eventTable(plan.rules.map((r) => r.loaded.value));
    expect({ ...table }).toEqual(plan.table);
    expect(sources).toEqual(plan.sources.map(([r, e]) => plan.rules[r]!.loaded.value.events[e]));
    expect(sources.length).toBeGreaterThan(5);
  }, 120_000);
});

// A bundle lists its rules in its modules' order and sorts them when it starts (compiler/phases/5-emit/entry.ts).
describe('firingOrder', () => {
  it('sorts by order as a number, then by id', () => {
    const rules = [
      { id: 'b', order: 10 },
      { id: 'c', order: 2 },
      { id: 'a', order: 10 },
      { id: 'z', order: 1 },
    ];
    expect(firingOrder(rules).map((r) => r.id)).toEqual(['z', 'c', 'a', 'b']);
  });

  it("gives the compiler's plan of the project's prod bundle from its rules in any order", async () => {
    const { plans } = await compile({ root: REPO, envs: ['prod'], emit: false });
    const planned = plans[0]!.rules.map((r) => r.loaded.value);
    const byPath = [...plans[0]!.rules].sort((a, b) => (a.loaded.abs < b.loaded.abs ? 1 : -1)).map((r) => r.loaded.value);
    expect(byPath.map((r) => r.id)).not.toEqual(planned.map((r) => r.id));
    expect(firingOrder(byPath).map((r) => r.id)).toEqual(planned.map((r) => r.id));
    expect(firingOrder([...planned].reverse()).map((r) => r.id)).toEqual(planned.map((r) => r.id));
  }, 120_000);
});
