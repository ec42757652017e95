import { describe, expect, it } from 'vitest';
import { libraryCompile, longestScriptTask, longestScriptTaskCpu, longestTaskParts, scriptTasks, type TraceEvent } from '../../compiler/bench/long-tasks';

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
    expect(longestTaskParts([meta(1, 1, 'CrRendererMain'), task(1, 1, 0, 5000)]).task).toBeNaN();
  });

  it("splits the longest task into its longest script and that script's compile", () => {
    const trace = [
      meta(1, 10, 'CrRendererMain'),
      task(1, 10, 0, 40_000),
      script(1, 10, 1_000, 30_000),
      task(1, 10, 100_000, 90_000),
      script(1, 10, 101_000, 5_000), // the page's own script
      script(1, 10, 110_000, 70_000), // the library
      script(1, 10, 111_000, 1_000, 'v8.compile'), // the page script's compile would sit outside; this is the library's
      script(1, 10, 112_000, 20_000, 'v8.compile'),
      script(1, 10, 102_000, 2_000, 'v8.compile'), // inside the page's own script: not the library's
    ];
    expect(longestTaskParts(trace)).toEqual({ task: 90, script: 70, compile: 21 });
  });

  it("reads the library's compile when the longest task is a start-up slice that compiles nothing", () => {
    const trace = [
      meta(1, 10, 'CrRendererMain'),
      task(1, 10, 0, 60_000),
      script(1, 10, 1_000, 2_000), // the page's prelude
      script(1, 10, 4_000, 50_000), // the library
      script(1, 10, 4_000, 24_000, 'v8.compile'),
      task(1, 10, 100_000, 70_000), // a slice of the held events
      script(1, 10, 100_500, 69_000, 'v8.callFunction'),
      task(1, 10, 200_000, 10_000), // a script a rule inserted
      script(1, 10, 200_500, 3_000),
      script(1, 10, 200_500, 1_000, 'v8.compile'),
    ];
    expect(longestTaskParts(trace)).toEqual({ task: 70, script: 69, compile: 0 });
    expect(libraryCompile(trace)).toBe(24);
    expect(libraryCompile([meta(1, 1, 'CrRendererMain'), task(1, 1, 0, 5000)])).toBeNaN();
  });

  it('gives the longest script task by thread time, which may be another task than the longest by wall time', () => {
    const trace = [
      meta(1, 10, 'CrRendererMain'),
      { ...task(1, 10, 0, 90_000), tdur: 30_000 }, // preempted: long on the wall, short on the CPU
      script(1, 10, 1_000, 20_000),
      { ...task(1, 10, 100_000, 60_000), tdur: 55_000 },
      script(1, 10, 101_000, 50_000),
      { ...task(1, 10, 200_000, 80_000), tdur: 79_000 }, // layout and paint only: not counted
    ];
    expect(longestScriptTaskCpu(trace)).toBe(55);
    expect(longestScriptTask(trace)).toBe(90);
    expect(longestScriptTaskCpu([meta(1, 10, 'CrRendererMain'), task(1, 10, 0, 5000), script(1, 10, 0, 100)])).toBeNaN();
  });
});
