// A scheduler.postTask for tests of start-up's slices (runtime/core/slices.ts): each posted task
// waits in the test's array until the test runs it, so a test steps through start-up task by task.

type Scheduled = Record<string, unknown>;

/** Installs `window.scheduler`, whose posted tasks go into `tasks`. */
export function postTasksInto(tasks: (() => void)[]): void {
  (window as unknown as Scheduled).scheduler = { postTask: (callback: () => void) => new Promise((resolve) => tasks.push(() => resolve(callback()))) };
}

/** Removes it: start-up is one task again, as in happy-dom. */
export function removeScheduler(): void {
  delete (window as unknown as Scheduled).scheduler;
}
