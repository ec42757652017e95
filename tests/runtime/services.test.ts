// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryLoaded, rule } from '../../runtime/declare';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';
import { openEgress } from '../helpers/egress';

// A per-page service (ctx.runtime.service, runtime/core/start.ts) is made once, on first use, by
// its factory called with the arguments given after it (the A/B client's is named so, not wrapped
// in an arrow: runtime/actions/targeting-page-load.ts).

beforeEach(() => {
  openEgress();
  resetWindow();
});
afterEach(() => restoreConsole());

describe('runtime services', () => {
  it('makes a service once, by its factory called with the arguments given', () => {
    const calls: unknown[][] = [];
    const make = (...args: unknown[]) => {
      calls.push(args);
      return { made: calls.length };
    };
    const got: unknown[] = [];
    const use = (id: string) =>
      rule({ id, description: 'x', events: [libraryLoaded()], actions: [{ label: id, sends: 'necessary', run: (ctx) => void got.push(ctx.runtime.service('probe', make, id, 2)) }] });
    const booted = boot([use('first'), use('second')]);
    expect(booted.errors).toEqual([]);
    expect(calls).toEqual([['first', 2]]);
    expect(got).toEqual([{ made: 1 }, { made: 1 }]);
    expect(got[0]).toBe(got[1]);
  });
});
