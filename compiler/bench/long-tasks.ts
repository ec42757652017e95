// Main-thread tasks from a Chromium trace (categories `toplevel` and `devtools.timeline`). The
// renderer's main thread is the one named CrRendererMain; each task is a complete ('X') RunTask
// event. Only tasks that run script count: a fresh renderer's first layout and paint are long
// under CPU throttling with or without a library, and are not the library's doing.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  /** Thread (CPU) time: under CDP's throttle it includes the throttler's spin, not the time the OS ran something else. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const SCRIPT = new Set(['EvaluateScript', 'FunctionCall', 'v8.callFunction', 'RunMicrotasks']);

type Timed = TraceEvent & { ts: number; dur: number };

/** The renderer main threads' complete events, and their tasks that run script (with those script events). */
export function mainThread(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): { events: Timed[]; tasks: { task: Timed; scripts: Timed[] }[] } {
  const all = Array.isArray(trace) ? trace : trace.traceEvents;
  const main = new Set<string>();
  for (const e of all) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
  const events = all.filter((e): e is Timed => e.ph === 'X' && typeof e.ts === 'number' && typeof e.dur === 'number' && main.has(`${e.pid}:${e.tid}`));
  const scripts = events.filter((e) => SCRIPT.has(e.name));
  const tasks: { task: Timed; scripts: Timed[] }[] = [];
  for (const task of events) {
    if (!TASKS.has(task.name)) continue;
    const within = scripts.filter((s) => s.pid === task.pid && s.tid === task.tid && s.ts >= task.ts && s.ts < task.ts + task.dur);
    if (within.length) tasks.push({ task, scripts: within });
  }
  return { events, tasks };
}

/** Durations (ms) of the renderer main threads' tasks that run script, longest first. */
export function scriptTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): number[] {
  return mainThread(trace)
    .tasks.map(({ task }) => task.dur / 1000)
    .sort((a, b) => b - a);
}

/** The longest script task (ms) in parts: its longest script (the library's, on the bench page) and that script's compile. */
export interface LongestTaskParts {
  task: number;
  /** The task's longest script evaluation: compile and run. */
  script: number;
  /** Of which V8's compile of the script (on the main thread: an inline script is not streamed). */
  compile: number;
}

/** V8's compile (ms) inside one script evaluation. */
function compileWithin(events: Timed[], script: Timed): number {
  return events.filter((e) => e.name === 'v8.compile' && e.pid === script.pid && e.tid === script.tid && e.ts >= script.ts && e.ts < script.ts + script.dur).reduce((sum, e) => sum + e.dur, 0) / 1000;
}

export function longestTaskParts(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): LongestTaskParts {
  const { events, tasks } = mainThread(trace);
  const longest = tasks.sort((a, b) => b.task.dur - a.task.dur)[0];
  if (!longest) return { task: Number.NaN, script: Number.NaN, compile: Number.NaN };
  const script = longest.scripts.reduce((a, b) => (b.dur > a.dur ? b : a));
  return { task: longest.task.dur / 1000, script: script.dur / 1000, compile: compileWithin(events, script) };
}

/**
 * The compile (ms) of the page's longest script evaluation, whichever task is longest: on the
 * bench page that script is the inlined library. Under 4x throttling tagc's longest task is at
 * times a start-up slice or a script a rule inserted, and LongestTaskParts.compile is then the
 * compile of that task's script (0 for a slice), not the library's.
 */
export function libraryCompile(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): number {
  const { events } = mainThread(trace);
  const scripts = events.filter((e) => e.name === 'EvaluateScript');
  if (!scripts.length) return Number.NaN;
  return compileWithin(events, scripts.reduce((a, b) => (b.dur > a.dur ? b : a)));
}

export function longestScriptTask(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): number {
  return scriptTasks(trace)[0] ?? Number.NaN;
}

/** The longest script task by thread time (ms): the same tasks, less the time the machine's other work took the core, so it moves less with the load. */
export function longestScriptTaskCpu(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): number {
  const cpu = mainThread(trace).tasks.map(({ task }) => (task.tdur ?? Number.NaN) / 1000).filter(Number.isFinite);
  return cpu.length ? Math.max(...cpu) : Number.NaN;
}
