import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './container';

// `tagc <args>` as a shell runs it: the real bin in a process of its own, in the project `root`
// (its cwd and TAGC_ROOT). Each command keeps at least one such test; its other cases run
// in-process (tests/helpers/cli.ts, tagcInProcess).

export const BIN = join(REPO, 'compiler', 'cli', 'bin.js');

export function tagcProcess(args: string[], root: string) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd: root, env: { ...process.env, TAGC_ROOT: root }, encoding: 'utf8', timeout: 120_000 });
}
