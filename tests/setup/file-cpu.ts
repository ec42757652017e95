import { appendFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, expect } from 'vitest';

// With TAGC_TEST_CPU=<folder> (the bench's `tests` group sets it), each test file's CPU time in
// its worker (Node's own; child processes such as esbuild, tsc or Chromium are not in it) and wall
// time are appended to <folder>/<worker pid>.jsonl. A suite that saturates every core is made
// shorter only by less CPU, so this is the profile that says where to cut. Its start and end
// (epoch ms) and the pid place the file on the run's timeline (tests/setup/timeline.ts), which says
// where a suite that does not saturate every core loses its wall time. Off, it does nothing.

const folder = process.env.TAGC_TEST_CPU;
if (folder) {
  // From here, before the test file is imported: its imports (the compiler, happy-dom) count.
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // Date, not performance.timeOrigin: a happy-dom window's performance has an origin of its own.
  const startMs = Date.now();
  afterAll(() => {
    const cpu = process.cpuUsage(cpu0);
    const file = relative(join(import.meta.dirname, '..', '..'), expect.getState().testPath ?? 'unknown').split('\\').join('/');
    const line = { file, cpuMs: Math.round((cpu.user + cpu.system) / 1000), wallMs: Math.round(performance.now() - t0), startMs, endMs: Date.now(), pid: process.pid };
    appendFileSync(join(folder, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
  });
}
