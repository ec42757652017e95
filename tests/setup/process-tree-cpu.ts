import { readdirSync, readFileSync } from 'node:fs';

// The CPU (ms) of a process tree from Linux's /proc: a process's own time, what it has reaped
// (cutime and cstime) and, recursively, its running children's, so that an esbuild service or a
// CLI a test spawns counts whether or not it has exited when the table is read. The difference of
// two readings is what the tree used between them. Elsewhere than Linux the table is empty: 0.

const TICK_MS = 10; // USER_HZ is 100 on Linux.

interface Proc {
  pid: number;
  /** utime + stime, in ticks. */
  own: number;
  /** cutime + cstime: the children it has reaped, in ticks. */
  reaped: number;
}

/** Every process by its parent's pid. */
export type ProcessTable = Map<number, Proc[]>;

/** Fields from the state on of /proc/<pid>/stat (after the command, which may hold spaces): ppid [1], utime [11], stime [12], cutime [13], cstime [14]. */
function stat(pid: string): number[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
  } catch {
    return undefined; // exited while the table was read
  }
}

/** One reading of every process's CPU. */
export function processTable(): ProcessTable {
  const table: ProcessTable = new Map();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return table;
  }
  for (const p of pids) {
    const f = stat(p);
    if (!f) continue;
    const siblings = table.get(f[1]!) ?? [];
    siblings.push({ pid: Number(p), own: f[11]! + f[12]!, reaped: f[13]! + f[14]! });
    table.set(f[1]!, siblings);
  }
  return table;
}

/** CPU ms of `pid`'s descendants in `table`, reaped and running, and with `self` its own too. */
export function treeCpuMs(table: ProcessTable, pid: number, { self = false } = {}): number {
  const proc = [...table.values()].flat().find((p) => p.pid === pid);
  let ticks = proc ? proc.reaped + (self ? proc.own : 0) : 0;
  const queue = [pid];
  for (let parent = queue.pop(); parent !== undefined; parent = queue.pop()) {
    for (const child of table.get(parent) ?? []) {
      ticks += child.own + child.reaped;
      queue.push(child.pid);
    }
  }
  return ticks * TICK_MS;
}
