import { describe, expect, it } from 'vitest';
import { paired, quantile, spread, tagcFirst } from '../../compiler/bench/stats';

describe('bench statistics', () => {
  it('interpolates quantiles between sorted values', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([1, 2], 0.75)).toBe(1.75);
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('summarises a series by median, quartiles and extremes', () => {
    expect(spread([5, 1, 9, 3, 7])).toEqual({ median: 5, q1: 3, q3: 7, min: 1, max: 9, n: 5 });
  });

  it('pairs ratios by round, so a slow round for both does not move the ratio', () => {
    // Round 2 is ten times slower for both stacks: its ratio is still 0.5.
    const r = paired([1, 10, 1.2], [2, 20, 3]);
    expect(r.ratio.median).toBe(0.5);
    expect(r.ratio.min).toBeCloseTo(0.4, 12);
    expect(r.ratio.max).toBe(0.5);
    expect(r.tagc.median).toBe(1.2);
    expect(r.peer.median).toBe(3);
  });

  it('leaves out of the ratios the rounds where a side has no figure or the peer measured zero', () => {
    const r = paired([1, Number.NaN, 3, 4], [2, 2, 0, 8]);
    expect(r.ratio.n).toBe(2);
    expect(r.ratio.median).toBe(0.5);
    expect(r.tagc.n).toBe(3);
    expect(r.peer.n).toBe(4);
  });

  it('alternates which stack goes first', () => {
    expect([0, 1, 2, 3].map(tagcFirst)).toEqual([true, false, true, false]);
  });
});
