import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readMetrics } from '../../compiler/bench/stacks';

// The burst's task time and CPU time come from the same two Performance.getMetrics reads
// (stacks.ts): read one after the other, the CPU time's window began and ended a round trip later.

describe("the bench's CDP metrics", () => {
  it('reads several metrics from one Performance.getMetrics call, in the order asked, NaN for one Chromium lacks', async () => {
    const calls: string[] = [];
    const values = [0.25, 0.125];
    const cdp = {
      send: async (method: string) => {
        calls.push(method);
        const v = values[calls.length - 1] ?? 1;
        return { metrics: [{ name: 'ThreadTime', value: v / 2 }, { name: 'TaskDuration', value: v }] };
      },
    } as unknown as CDPSession;
    expect(await readMetrics(cdp, 'TaskDuration', 'ThreadTime', 'NoSuchMetric')).toEqual([0.25, 0.125, Number.NaN]);
    expect(calls).toEqual(['Performance.getMetrics']);
  });
});
