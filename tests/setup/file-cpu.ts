import { appendFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { processTable, treeCpuMs } from './process-tree-cpu';

// With TAGC_TEST_CPU=<folder> (the bench's `tests` group sets it), each test file's CPU time in
// its worker (Node's own), that of the processes it started (esbuild, tsc, npm, CLI processes), that
// of the run's shared Chromium while the file ran (a file running beside another browser file is
// charged for both) and its wall time are appended to <folder>/<worker pid>.jsonl. A suite that
// saturates every core is made shorter only by less CPU, so this is the profile that says where to cut. Its start and end
// (epoch ms) and the pid place the file on the run's timeline (tests/setup/timeline.ts), which says
// where a suite that does not saturate every core loses its wall time. Off, it does nothing.

const folder = process.env.TAGC_TEST_CPU;
if (folder) {
  // From here, before the test file is imported: its imports (the compiler, happy-dom) count.
  const cpu0 = process.cpuUsage();
  const chromium = inject('chromiumPid');
  // The processes this worker started, and the shared Chromium's tree.
  const trees = () => {
    const table = processTable();
    return { children: treeCpuMs(table, process.pid), chromium: chromium ? treeCpuMs(table, chromium, { self: true }) : 0 };
  };
  const trees0 = trees();
  const t0 = performance.now();
  // Date, not performance.timeOrigin: a happy-dom window's performance has an origin of its own.
  const startMs = Date.now();
  afterAll(() => {
    const cpu = process.cpuUsage(cpu0);
    const { children, chromium: browser } = trees();
    const file = relative(join(import.meta.dirname, '..', '..'), expect.getState().testPath ?? 'unknown').split('\\').join('/');
    const line = { file, cpuMs: Math.round((cpu.user + cpu.system) / 1000), childCpuMs: children - trees0.children, chromiumCpuMs: browser - trees0.chromium, wallMs: Math.round(performance.now() - t0), startMs, endMs: Date.now(), pid: process.pid };
    appendFileSync(join(folder, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
  });
}
