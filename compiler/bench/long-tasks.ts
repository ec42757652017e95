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
  args?: { name?: string };
}

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const SCRIPT = new Set(['EvaluateScript', 'FunctionCall', 'v8.callFunction', 'RunMicrotasks']);

/** Durations (ms) of the renderer main threads' tasks that run script, longest first. */
export function scriptTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): number[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const main = new Set<string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
  const complete = (e: TraceEvent): e is TraceEvent & { ts: number; dur: number } => e.ph === 'X' && typeof e.ts === 'number' && typeof e.dur === 'number' && main.has(`${e.pid}:${e.tid}`);
  const scripts = events.filter((e) => SCRIPT.has(e.name) && complete(e)) as (TraceEvent & { ts: number; dur: number })[];
  const out: number[] = [];
  for (const task of events) {
    if (!TASKS.has(task.name) || !complete(task)) continue;
    const end = task.ts + task.dur;
    if (scripts.some((s) => s.pid === task.pid && s.tid === task.tid && s.ts >= task.ts && s.ts < end)) out.push(task.dur / 1000);
  }
  return out.sort((a, b) => b - a);
}

export function longestScriptTask(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): number {
  return scriptTasks(trace)[0] ?? Number.NaN;
}
