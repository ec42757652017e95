import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { normaliseRun } from '../../compiler/scenarios/normalise';
import { simulate, type SimulateOptions } from '../../compiler/simulate';
import { createSimulationPool } from '../../compiler/simulate/pool';
import { container, removeContainer, ruleSource } from '../helpers/container';

// The simulation pool (compiler/simulate/pool.ts): worker threads running simulate() in-process.
// A job that throws, crashes its worker or hangs rejects alone; close() always stops everything.

let root: string;
let buildDir: string;

beforeAll(async () => {
  root = container('pool', {
    'rules/beacon.ts': ruleSource(`{ id: 'beacon', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'pixel', sends: 'necessary', hosts: ['px.firm.example'], run: (ctx) => { void ctx.runtime.send('necessary', 'https://px.firm.example/p?path=' + encodeURIComponent(location.pathname), { via: 'image' }); } }] }`),
    // What a broken bundle can do to its worker: exhaust the heap, or never return (blocked, not
    // spinning: the pool sees the same, and the 3 s until its time limit cost no CPU).
    'rules/runaway.ts': ruleSource(`{ id: 'runaway', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'runaway', sends: 'necessary', run: () => {
      if (location.search.includes('exhaust')) { const hog: number[][] = []; for (;;) hog.push(new Array(1e6).fill(1)); }
      if (location.search.includes('hang')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // never returns
    } }] }`),
  });
  const result = await compile({ root, envs: ['dev', 'prod'] });
  buildDir = result.outDir;
}, 60_000);
afterAll(() => removeContainer(root));

const job = (env: string, path: string): SimulateOptions => ({ env, buildDir, url: `https://www.firm.example${path}`, push: [{ event: 'Page Load Completed' }] });

describe('the simulation pool', () => {
  it('runs jobs on several workers with the results simulate() gives in-process', async () => {
    const pool = createSimulationPool({ workers: 2 });
    try {
      expect(pool.workers).toBe(2);
      const jobs = ['/a', '/b', '/c', '/d'].flatMap((p) => [job('dev', p), job('prod', p)]);
      const pooled = await Promise.all(jobs.map((j) => pool.run(j)));
      for (const [i, j] of jobs.entries()) {
        expect(pooled[i]!.requests.map((r) => r.url)).toEqual([`https://px.firm.example/p?path=${encodeURIComponent(new URL(j.url!).pathname)}`]);
        expect(normaliseRun(pooled[i]!)).toEqual(normaliseRun(await simulate(j)));
      }
    } finally {
      await pool.close();
    }
  });

  describe('with broken jobs (one worker, a 96 MB heap)', () => {
    // Filling 96 MB took longer than 3 s on a loaded machine: the crash is tested with room to
    // happen, the time limit with a pool of its own.
    const pool = createSimulationPool({ workers: 1, maxHeapMb: 96, timeout: 30_000 });
    afterAll(() => pool.close());

    it('rejects only the job that throws, with its error', async () => {
      const [bad, good] = await Promise.allSettled([pool.run(job('stg', '/x')), pool.run(job('prod', '/y'))]);
      expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'the build has no "stg" bundle (built: dev, prod)' } });
      expect(good).toMatchObject({ status: 'fulfilled', value: { env: 'prod' } });
    });

    it('rejects only the job that exhausts its worker, replaces the worker and goes on', async () => {
      const [crashed, after] = await Promise.allSettled([pool.run(job('prod', '/p?exhaust')), pool.run(job('prod', '/q'))]);
      expect(crashed).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/failed: the worker (crashed|exited)/) } });
      expect(after).toMatchObject({ status: 'fulfilled', value: { requests: [{ url: 'https://px.firm.example/p?path=%2Fq' }] } });
    }, 60_000);

    it('rejects a job that runs past the time limit and goes on', async () => {
      const timed = createSimulationPool({ workers: 1, maxHeapMb: 96, timeout: 3_000 });
      try {
        const [hung, after] = await Promise.allSettled([timed.run(job('prod', '/p?hang')), timed.run(job('prod', '/q'))]);
        expect(hung).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('no result within 3000 ms') } });
        expect(after).toMatchObject({ status: 'fulfilled' });
      } finally {
        await timed.close();
      }
    }, 60_000);
  });

  it('closes: jobs not yet done reject, later runs reject, and closing twice is harmless', async () => {
    const pool = createSimulationPool({ workers: 1 });
    const settled = Promise.allSettled([pool.run(job('prod', '/1')), pool.run(job('prod', '/2')), pool.run(job('prod', '/3'))]);
    await pool.close();
    expect((await settled).map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await expect(pool.run(job('prod', '/4'))).rejects.toThrow('the simulation pool is closed');
    await pool.close();
  });

  it('refuses hooks it cannot send to a worker', async () => {
    const pool = createSimulationPool({ workers: 1 });
    try {
      await expect(pool.run({ ...job('prod', '/'), beforeLoad: () => undefined })).rejects.toThrow('cannot take beforeLoad/afterLoad');
    } finally {
      await pool.close();
    }
  });
});
