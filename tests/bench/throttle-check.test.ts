import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../compiler/bench/long-tasks';
import { firstScriptThreadTime, ranThrottled } from '../../compiler/bench/throttle-check';

const PAGE = 'https://www.firm.example/bench/tagc.html';
const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name } });
const script = (pid: number, tid: number, ts: number, tdur: number, url?: string) =>
  ({ name: 'EvaluateScript', ph: 'X', pid, tid, ts, dur: tdur * 3, tdur, args: url === undefined ? {} : { data: { url } } }) as TraceEvent;

describe('telling a throttled load from its trace and calibration (throttle-check.ts)', () => {
  it("reads the thread time of the page's first script on a renderer main thread", () => {
    const trace = [
      meta(1, 10, 'CrRendererMain'), // about:blank's renderer, before the navigation
      meta(2, 20, 'CrRendererMain'),
      meta(2, 21, 'Compositor'),
      script(1, 10, 100, 900), // not the page
      script(2, 21, 200, 9000, PAGE), // not a main thread
      script(2, 20, 5000, 24_000, PAGE), // the library, later
      script(2, 20, 300, 1_100, PAGE), // the prelude
    ];
    expect(firstScriptThreadTime(trace, PAGE)).toBe(1.1);
    expect(firstScriptThreadTime([meta(1, 10, 'CrRendererMain')], PAGE)).toBeNaN();
  });

  // Thread times (ms) recorded at "4x" in Chromium 150: the bench prelude 0.9-1.4 at 1x, 1.0 when
  // the throttle came after the page's first script, 4.3-7.4 when it held; the calibration loop
  // ~5 at 1x, 17-68 at 4x.
  it('accepts a load throttled at both ends, and refuses one whose start or end ran at 1x', () => {
    const at1x = { firstScriptAt1x: 1.1, calibrationAt1x: 5 };
    expect(ranThrottled({ ...at1x, firstScript: 4.4, calibration: 20 }, 4)).toBe(true);
    expect(ranThrottled({ ...at1x, firstScript: 1.03, calibration: 22 }, 4)).toBe(false);
    expect(ranThrottled({ ...at1x, firstScript: 5.5, calibration: 5.2 }, 4)).toBe(false);
    expect(ranThrottled({ ...at1x, firstScript: Number.NaN, calibration: 22 }, 4)).toBe(false);
    expect(ranThrottled({ ...at1x, firstScript: 5.5, calibration: Number.NaN }, 4)).toBe(false);
  });
});
