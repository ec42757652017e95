import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editOneRule, mainThreadCpuMs, phaseKey, phaseTimings } from '../../compiler/bench/compiler-scale';
import { burnCpu } from '../helpers/cpu-burn';

// The scale bench keeps the phase timings `tagc build` prints as figures (compiler/cli/commands/build.ts).
const BUILD_OUTPUT = `load                 3376 ms
validate              666 ms
network proof        8949 ms
hashes (wait)        5216 ms
test      ../out/test/container.c25f0a4bfa99f00c.min.js  1733.5 KB (183.5 KB gzip)  5081 rules, 101 data elements
`;

describe('the compiler-scale bench', () => {
  it('reads every phase timing line of a build and nothing else', () => {
    expect(phaseTimings(BUILD_OUTPUT)).toEqual({ load: 3376, validate: 666, 'network proof': 8949, 'hashes (wait)': 5216 });
  });

  it('names a phase in a figure key without spaces', () => {
    expect(phaseKey('network proof')).toBe('NetworkProof');
    expect(phaseKey('bundle prod')).toBe('BundleProd');
    expect(phaseKey('load')).toBe('Load');
  });

  it("edits one rule module for the edit-loop rebuild: the first in path order, not a library or the site configuration", () => {
    const project = mkdtempSync(join(tmpdir(), 'tagc-edit-one-'));
    try {
      const files = { 'rules/lib/analytics.ts': 'lib', 'rules/consent/banner.ts': 'banner', 'rules/page/load.ts': 'load', 'rules/analytics-qa.ts': 'qa', 'rules/site.config.ts': 'site' };
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(dirname(join(project, file)), { recursive: true });
        writeFileSync(join(project, file), text);
      }
      expect(editOneRule(project)).toBe(join(project, 'rules/analytics-qa.ts'));
      expect(readFileSync(join(project, 'rules/analytics-qa.ts'), 'utf8')).toBe('qa// edited for the bench\n');
      for (const file of ['rules/lib/analytics.ts', 'rules/consent/banner.ts', 'rules/page/load.ts', 'rules/site.config.ts']) expect(readFileSync(join(project, file), 'utf8')).toBe(files[file as keyof typeof files]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("reads node's main-thread CPU apart from its other threads' (the scale figures' NodeMainCpuMs)", async () => {
    // The main thread burns 100 ms of CPU, then a worker thread 400 ms while the main thread waits; then both wait for stdin.
    const script = `${burnCpu(100)} const { Worker } = require('node:worker_threads'); new Worker(${JSON.stringify(`${burnCpu(400)} require('node:worker_threads').parentPort.postMessage(1);`)}, { eval: true }).once('message', () => { process.stdout.write('done'); process.stdin.resume(); });`;
    const child = spawn(process.execPath, ['-e', script]);
    try {
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const processMs = (Number(fields[11]) + Number(fields[12])) * 10;
      const main = mainThreadCpuMs(child.pid!);
      expect(processMs).toBeGreaterThanOrEqual(500);
      expect(main).toBeGreaterThanOrEqual(100);
      expect(main).toBeLessThan(processMs - 300);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    // Reaped: nothing to read.
    expect(mainThreadCpuMs(child.pid!)).toBe(0);
  });
});
