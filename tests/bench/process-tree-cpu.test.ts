import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { burnCpu } from '../helpers/cpu-burn';
import { processTable, treeCpuMs } from '../setup/process-tree-cpu';

// The CPU of the processes a test file starts (tests/setup/process-tree-cpu.ts), whether they
// have exited or still run when it is read.

/** A Node process's script that uses `ms` of CPU (tests/helpers/cpu-burn.ts), then, where `wait`, waits for stdin to close. */
const BURN = (ms: number, wait: boolean) => `${burnCpu(ms)} ${wait ? "process.stdout.write('done'); process.stdin.resume();" : ''}`;

describe('the CPU of a process tree', () => {
  it('counts a child that has exited and been reaped', () => {
    const before = treeCpuMs(processTable(), process.pid);
    expect(spawnSync(process.execPath, ['-e', BURN(150, false)]).status).toBe(0);
    expect(treeCpuMs(processTable(), process.pid) - before).toBeGreaterThanOrEqual(150);
  });

  it('counts a child that still runs, and its own child, with their own time when asked', async () => {
    // The child starts a grandchild that burns, and waits: the grandchild's time is the child's once reaped.
    const child = spawn(process.execPath, ['-e', `require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(BURN(100, false))}]); ${BURN(100, true)}`]);
    try {
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const table = processTable();
      const mine = treeCpuMs(table, process.pid);
      expect(mine).toBeGreaterThanOrEqual(200);
      expect(treeCpuMs(table, child.pid!, { self: true })).toBeGreaterThanOrEqual(200);
      expect(treeCpuMs(table, child.pid!)).toBeGreaterThanOrEqual(100);
      expect(treeCpuMs(table, child.pid!)).toBeLessThan(treeCpuMs(table, child.pid!, { self: true }));
    } finally {
      child.kill();
    }
  });
});
