// Whether a cold load "at 4x" ran at 4x. CDP's CPU throttle is one setting per renderer process
// (Blink's ThreadCPUThrottler), set by each DevTools session's emulation agent: a navigation's new
// document gets it only once its agents are attached and restored, and a detached agent resets it
// to 1 (InspectorEmulationAgent::disable), so the page's first tasks can run at 1x. Measured
// (Chromium 150, 8 loads each): the page's first script ran unthrottled in 3 of 8 loads navigated
// from about:blank (the bench's way), 5 of 8 from a same-origin blank page, 1 of 8 from one with
// RenderDocument disabled; no order of calls made it certain, so each load is checked.
//
// The check uses the main thread's CPU time: the throttler suspends the thread by spinning it,
// which counts as its CPU time, so 4x shows as 4x the thread time whatever else the machine runs.
// Two probes, each against its own 1x run: the page's first script (the bench prelude: the start
// of the load), its trace event's thread time (`tdur`), against the same script in unthrottled
// loads; and a fixed loop run by the harness after the trace (the end), against the same loop at
// 1x before the load (CDP Performance ThreadTime).

import { mainThread, type TraceEvent } from './long-tasks';

/** The loop run at 1x before the load and throttled after it. */
export const CALIBRATION = '(function () { for (var i = 0, x = 0; i < 3e6; i++) x = (x + i * 7) % 1000003; return x; })()';

export interface ThrottleProbes {
  /** Thread time (ms) of the page's first script, and of the same script at 1x. */
  firstScript: number;
  firstScriptAt1x: number;
  /** Thread time (ms) of the calibration loop at the throttled rate after the load, and at 1x before it. */
  calibration: number;
  calibrationAt1x: number;
}

/** Thread time (ms) of the first script the main thread evaluated from `pageUrl` (NaN when none). */
export function firstScriptThreadTime(trace: { traceEvents: TraceEvent[] } | TraceEvent[], pageUrl: string): number {
  const first = mainThread(trace)
    .events.filter((e) => e.name === 'EvaluateScript' && typeof e.tdur === 'number' && e.args?.data?.url === pageUrl)
    .sort((a, b) => a.ts - b.ts)[0];
  return first?.tdur === undefined ? Number.NaN : first.tdur / 1000;
}

/** Whether the whole load ran throttled: both probes at least half the rate over their 1x runs (4x shows as 4x, 1x as 1x). A probe that is missing counts as unthrottled. */
export function ranThrottled(p: ThrottleProbes, rate: number): boolean {
  const half = rate / 2;
  return p.firstScript / p.firstScriptAt1x >= half && p.calibration / p.calibrationAt1x >= half;
}
