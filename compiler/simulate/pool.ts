import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { JobMessage, ReplyMessage } from './pool-worker-main';
import type { SimulateOptions, SimulateResult } from './types';

// A pool of worker threads that run `simulate()` in-process, one simulation per worker at a
// time, spread over the cores; each worker reads a build's bundles once. Used by `tagc diff`;
// meant for any caller with many simulations (the consent matrix, the viewer's preview).
//
//   const pool = createSimulationPool({ workers: 2 });
//   try { const results = await Promise.all(jobs.map((o) => pool.run(o))); } finally { await pool.close(); }
//
// A job that throws rejects with its error. A job that crashes its worker (out of memory, a
// fatal error) or runs past `timeout` rejects alone: the worker is replaced and the other jobs go
// on. close() stops every worker and rejects the jobs not yet done; run() after close() rejects.

export interface SimulationPoolOptions {
  /** Worker threads. Default: the available parallelism, at most 4. */
  workers?: number;
  /** Real milliseconds one simulation may take before its worker is stopped. Default 60000. */
  timeout?: number;
  /** Heap limit of each worker in MB (a runaway bundle then fails its job only). Default: Node's. */
  maxHeapMb?: number;
}

export interface SimulationPool {
  /** Number of worker threads. */
  readonly workers: number;
  /** Runs one simulation (options as for simulate(), without the function hooks). */
  run(options: SimulateOptions): Promise<SimulateResult>;
  /** Stops the workers; jobs not yet done reject. Safe to call twice. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  options: SimulateOptions;
  resolve(result: SimulateResult): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

const WORKER = new URL('./pool-worker.js', import.meta.url);

export function createSimulationPool(options: SimulationPoolOptions = {}): SimulationPool {
  const size = Math.max(1, Math.floor(options.workers ?? Math.min(4, availableParallelism())));
  const timeout = options.timeout ?? 60_000;
  const queue: Job[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  let closed = false;
  // Workers that die before they are ready (a broken install) are not respawned for ever.
  let failedStarts = 0;
  let broken: string | null = null;

  const finish = (slot: Slot, job: Job) => {
    clearTimeout(job.timer);
    if (slot.job === job) slot.job = null;
  };

  const replace = (slot: Slot, reason: string) => {
    if (!slots.delete(slot)) return;
    if (!slot.ready && ++failedStarts >= 3) {
      broken = `simulation workers cannot start: ${reason}`;
      for (const job of queue.splice(0)) job.reject(new Error(broken));
    }
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(new Error(`simulation of ${job.options.env} ${job.options.url ?? ''} failed: ${reason}`.replace(/ +:/, ':')));
    }
    void slot.worker.terminate();
    if (!closed && !broken) spawn();
    dispatch();
  };

  const spawn = () => {
    const worker = new Worker(WORKER, { resourceLimits: options.maxHeapMb ? { maxOldGenerationSizeMb: options.maxHeapMb } : undefined });
    const slot: Slot = { worker, ready: false, job: null };
    slots.add(slot);
    worker.on('message', (message: ReplyMessage | 'ready') => {
      if (message === 'ready') {
        slot.ready = true;
        failedStarts = 0;
        return dispatch();
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      finish(slot, job);
      if (message.ok) job.resolve(message.result);
      else job.reject(new Error(message.error));
      dispatch();
    });
    worker.on('error', (error) => replace(slot, `the worker crashed (${error.message})`));
    worker.on('exit', (code) => replace(slot, `the worker exited with code ${code}`));
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (!slot.ready || slot.job || !queue.length) continue;
      const job = queue.shift()!;
      slot.job = job;
      job.timer = setTimeout(() => replace(slot, `no result within ${timeout} ms`), timeout);
      slot.worker.postMessage({ id: job.id, options: job.options } satisfies JobMessage);
    }
  };

  for (let i = 0; i < size; i++) spawn();

  return {
    workers: size,
    run(simulateOptions) {
      if (closed) return Promise.reject(new Error('the simulation pool is closed'));
      if (broken) return Promise.reject(new Error(broken));
      if (simulateOptions.beforeLoad || simulateOptions.afterLoad) return Promise.reject(new Error('a pooled simulation cannot take beforeLoad/afterLoad functions'));
      return new Promise<SimulateResult>((resolve, reject) => {
        queue.push({ id: nextId++, options: simulateOptions, resolve, reject });
        dispatch();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the simulation pool was closed before this job ran'));
      const stopping = [...slots].map((slot) => {
        slots.delete(slot);
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.reject(new Error('the simulation pool was closed while this job ran'));
        }
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}
