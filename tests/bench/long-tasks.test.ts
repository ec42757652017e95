import { describe, expect, it } from 'vitest';
import { longestScriptTask, scriptTasks, type TraceEvent } from '../../compiler/bench/long-tasks';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number): TraceEvent => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', pid, tid, ts, dur });
const script = (pid: number, tid: number, ts: number, dur: number, name = 'EvaluateScript'): TraceEvent => ({ name, ph: 'X', pid, tid, ts, dur });

describe('long tasks from a Chromium trace', () => {
  it('keeps the renderer main thread tasks that run script, longest first, in ms', () => {
    const trace = {
      traceEvents: [
        meta(1, 10, 'CrRendererMain'),
        meta(1, 11, 'Compositor'),
        task(1, 10, 1000, 120_000), // layout and paint only: not counted
        task(1, 10, 200_000, 30_000),
        script(1, 10, 200_500, 20_000),
        task(1, 10, 300_000, 80_000),
        script(1, 10, 310_000, 1_000, 'FunctionCall'),
        task(1, 11, 400_000, 500_000), // another thread
        script(1, 11, 400_100, 100),
      ],
    };
    expect(scriptTasks(trace)).toEqual([80, 30]);
    expect(longestScriptTask(trace)).toBe(80);
  });

  it('gives no figure when no task ran script', () => {
    expect(longestScriptTask([meta(1, 1, 'CrRendererMain'), task(1, 1, 0, 5000)])).toBeNaN();
  });
});
