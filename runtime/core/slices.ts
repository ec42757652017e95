import { reason, say } from './log';
import { Msg } from './messages';

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
  /** The same slices for a later run (an event whose source is `sliced`): its first task's budget starts now. */
  reopen(): Slices;
  /** The current task's budget starts now (after work that is not the rules', as a late attachment of the sources). */
  restart(): void;
  /** True once the current task has run for its budget, or holds work for the next. */
  due(): boolean;
  /** Resolves in a new task, whose budget starts then, once the held work has run. */
  next(): Promise<void>;
}

// Work an action leaves for the next task (its client's first request, after a set-up that has
// spent most of a task's budget): while start-up is sliced it runs first in the next task, before
// any later action or rule, so what leaves, and in what order, stays the same; elsewhere, and
// once start-up is over, at once. The work handles its request's failure; a work that throws
// anyway is said and dropped alone, since the task that runs it also resumes start-up's rules.
let held: (() => void)[] | null = null;

export function nextSlice(work: () => void): void {
  if (held) held.push(work);
  else work();
}

/** Runs the held work; `over`: start-up is over, and later work runs at once. */
export function runHeld(over?: boolean): void {
  const works = held ?? [];
  held = over ? null : [];
  for (const work of works) {
    try {
      work();
    } catch (error) {
      say(Msg.Unexpected, reason(error));
    }
  }
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
  held = [];
  const slices: Slices = {
    reopen: () => {
      since = perf.now();
      held = [];
      return slices;
    },
    restart: () => void (since = perf.now()),
    due: () => !!held?.length || perf.now() - since >= SLICE_MS,
    next: () =>
      new Promise<void>((resolve) => {
        const go = () => {
          since = perf.now();
          runHeld();
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
  return slices;
}
