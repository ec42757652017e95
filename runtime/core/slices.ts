// Start-up cut into tasks (issue 13: no long task). The queued events' rules run until the task
// has used its budget, then the rest continues in a new task, so the page can paint and answer
// input in between. The queue stays held meanwhile, so the firing order is the same as in one task.
//
// Only where the browser has `scheduler.postTask` (Chromium, Firefox): a task posted there runs
// before the page's ordinary timers. Elsewhere (Safari, happy-dom, `tagc simulate`) start-up stays
// one task, so simulated outcomes never depend on how fast the machine is.

/** Budget of one start-up task, in ms (performance.now()). */
export const SLICE_MS = 8;

export interface Slices {
  /** True once the current task has run for its budget. */
  due(): boolean;
  /** Resolves in a new task, whose budget starts then. */
  next(): Promise<void>;
}

interface PostTask {
  postTask(callback: () => void, options?: { priority?: 'user-blocking' | 'user-visible' | 'background' }): Promise<unknown>;
}

/** Slices whose first task began at `startedAt`, or null where the browser cannot post a task. */
export function createSlices(win: Window & typeof globalThis, startedAt: number): Slices | null {
  const scheduler = (win as unknown as { scheduler?: Partial<PostTask> }).scheduler;
  const perf = win.performance;
  if (!scheduler || typeof scheduler.postTask !== 'function' || typeof perf?.now !== 'function') return null;
  const post = scheduler as PostTask;
  let since = startedAt;
  return {
    due: () => perf.now() - since >= SLICE_MS,
    next: () =>
      new Promise<void>((resolve) => {
        const go = () => {
          since = perf.now();
          resolve();
        };
        // A task the browser refuses to post continues at once rather than never.
        try {
          post.postTask(go, { priority: 'user-blocking' }).then(undefined, go);
        } catch {
          go();
        }
      }),
  };
}
