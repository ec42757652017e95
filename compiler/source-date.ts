import { execFileSync } from 'node:child_process';

// The time a build is stamped with, so that building the same source twice gives the same bytes:
// SOURCE_DATE_EPOCH (the reproducible-builds convention, seconds), else the time of the commit
// checked out at the project root, else now (not a git checkout, or git missing).

export function sourceDate(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  if (epoch) {
    if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be a whole number of seconds, not "${epoch}"`);
    return new Date(Number(epoch) * 1000).toISOString();
  }
  const commit = headCommitSeconds(root);
  return new Date(commit === null ? Date.now() : commit * 1000).toISOString();
}

/** Committer time of HEAD at root, or null. */
export function headCommitSeconds(root: string): number | null {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%ct', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
    return /^\d+$/.test(out) ? Number(out) : null;
  } catch {
    return null;
  }
}
