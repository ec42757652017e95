import { execFileSync } from 'node:child_process';

// A sample container as a git repository of its own (for build stamps and `tagc diff --base <ref>`).
// Commits carry fixed author and committer dates so that tests can name the time a build must carry.

export function git(root: string, args: string[], date = '2026-03-04T05:06:07Z'): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 'tagc test', GIT_AUTHOR_EMAIL: 'test@firm.example', GIT_COMMITTER_NAME: 'tagc test', GIT_COMMITTER_EMAIL: 'test@firm.example', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Makes root a repository with everything committed once (branch main) at `date`. */
export function commitAll(root: string, message: string, date?: string): void {
  try {
    git(root, ['rev-parse', '--git-dir']);
    if (git(root, ['rev-parse', '--show-toplevel']).trim() !== root) throw new Error('nested');
  } catch {
    git(root, ['init', '-q', '-b', 'main']);
  }
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '--no-gpg-sign', '-m', message], date);
}
