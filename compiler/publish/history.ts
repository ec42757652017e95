import type { ReleaseHistory } from './release-types';

// Which build a rollback returns to. Replaying the history as a stack: a publish or promote
// pushes its build, a rollback pops back to the build it returned to. So rolling back twice
// after releases A, B, C gives B, then A; a build that was rolled back is skipped.

export function liveStack(history: ReleaseHistory): string[] {
  const stack: string[] = [];
  for (const r of history.releases) {
    const at = stack.lastIndexOf(r.buildId);
    if (r.action === 'rollback' && at >= 0) stack.length = at + 1;
    else if (stack.at(-1) !== r.buildId) stack.push(r.buildId);
  }
  return stack;
}

/** The build `tagc rollback <env> [--to <id>]` moves to. */
export function rollbackTarget(history: ReleaseHistory, to?: string): string {
  const stack = liveStack(history);
  if (!stack.length) throw new Error(`${history.env} has no release to roll back`);
  if (to) {
    if (!history.releases.some((r) => r.buildId === to)) throw new Error(`${history.env} never ran build ${to}; rollback returns to an earlier release (use tagc promote ${history.env} --build ${to} for a new one)`);
    return to;
  }
  const previous = stack.at(-2);
  if (!previous) throw new Error(`${history.env} has no earlier release to roll back to (it has only run ${stack[0]})`);
  return previous;
}
