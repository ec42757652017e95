import type { RuntimeServices } from '../declare/types';
import { reason, say } from './log';
import { Msg } from './messages';

// Work that no rule needs before the first page view (inserting external scripts) waits while the
// bundle starts: start() runs the queued events' rules first, then yields, and runs this work in a
// task of its own. That keeps the start-up task short and the queued Page Load Started early.
// Outside start-up (or where start() did not open the window, as in unit tests) it runs at once.

interface AfterStart {
  /** Tasks waiting for the end of start-up; null once start-up is over. */
  pending: (() => void)[] | null;
}

const slot = (services: RuntimeServices) => services.service<AfterStart>('afterStart', () => ({ pending: null }));

/** Runs `task` after start-up's own task, or at once when start-up is over. */
export function afterStart(services: RuntimeServices, task: () => void): void {
  const pending = slot(services).pending;
  if (pending) pending.push(task);
  else task();
}

/** Opens start-up: tasks queue until the returned function closes it and schedules them in a new task. */
export function holdAfterStart(services: RuntimeServices): () => void {
  const state = slot(services);
  state.pending = [];
  return () => {
    const tasks = state.pending ?? [];
    state.pending = null;
    if (!tasks.length) return;
    services.win.setTimeout(() => {
      for (const task of tasks) {
        try {
          task();
        } catch (error) {
          say(Msg.AfterStartFailed, reason(error));
        }
      }
    }, 0);
  };
}
