import { describe, expect, it } from 'vitest';
import { timeline, type FileSpan } from '../setup/timeline';

// The run's timeline (tests/setup/timeline.ts): files on cores, idle core time and the tail.

const span = (file: string, startMs: number, endMs: number): FileSpan => ({ file, cpuMs: endMs - startMs, startMs, endMs, pid: 1 });

describe("the test run's timeline", () => {
  it('lays files on lanes, counts idle core time after the global setup, and names the tail', () => {
    // Setup 0-10 s; on two cores: a 10-40, b 12-20, c 20-30 (2 s of one core idle before b), d 30-60 alone.
    const files = [span('d', 30_000, 60_000), span('a', 10_000, 40_000), span('b', 12_000, 20_000), span('c', 20_000, 30_000)];
    const t = timeline(files, 2, { startMs: 0, endMs: 10_000 });
    expect(t.wallS).toBe(60);
    expect(t.setupS).toBe(10);
    expect(t.lanes.map((l) => [l.file, l.lane, l.fromS, l.toS])).toEqual([['a', 0, 10, 40], ['b', 1, 12, 20], ['c', 1, 20, 30], ['d', 1, 30, 60]]);
    // 2 s before b, then from 40 s to 60 s one of the two cores: 2 + 20.
    expect(t.idleCoreS).toBe(22);
    expect(t.tailS).toBe(20);
    expect(t.tailFiles).toEqual(['d']);
  });

  it('opens a lane for each file that overlaps more than the cores, and counts the time before the first file', () => {
    const t = timeline([span('a', 5_000, 10_000), span('b', 5_000, 10_000), span('c', 6_000, 10_000)], 2);
    expect(t.lanes.map((l) => l.lane)).toEqual([0, 1, 2]);
    expect(t.setupS).toBe(0);
    expect(t.idleCoreS).toBe(0);
    expect(t.tailS).toBe(0);
  });
});
