import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { gzipSettings, type Encoder } from './encoding';

// Zopfli (or, for a large object, zlib's gzip -9: gzipSettings) on worker threads, one object per
// worker at a time, so a publish compresses its bundles side by side and its uploads go on
// meanwhile (zopfli is synchronous WebAssembly: on the main thread it would hold every request up).
// Workers start with the first job; close() ends them.

export interface GzipPool {
  /** gzip bytes of `content` (zopfli, or zlib's gzip -9 for a large object: gzipSettings). */
  encode: Encoder;
  close(): Promise<void>;
}

interface Job {
  id: number;
  content: Buffer;
  resolve(encoded: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

type Reply = { id: number; encoded: Uint8Array } | { id: number; error: string };

const WORKER = new URL('./gzip-worker.js', import.meta.url);

/** Default size: the cores, at most 4 (each worker holds zopfli's WebAssembly memory). */
export function gzipPool(workers = Math.min(4, availableParallelism())): GzipPool {
  const size = Math.max(1, Math.floor(workers));
  const queue: Job[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  let closed = false;

  const next = (slot: Slot) => {
    const job = queue.shift();
    slot.job = job ?? null;
    if (job) slot.worker.postMessage({ id: job.id, content: job.content, settings: gzipSettings(job.content.length) });
  };

  const lose = (slot: Slot, reason: string) => {
    if (!slots.delete(slot)) return;
    slot.job?.reject(new Error(`the gzip worker stopped: ${reason}`));
    void slot.worker.terminate();
    if (queue.length && !closed) spawn();
  };

  const spawn = () => {
    const slot: Slot = { worker: new Worker(WORKER), job: null };
    slots.add(slot);
    slot.worker.on('message', (reply: Reply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(Buffer.from(reply.encoded.buffer, reply.encoded.byteOffset, reply.encoded.byteLength));
      next(slot);
    });
    slot.worker.on('error', (error) => lose(slot, error.message));
    slot.worker.on('exit', (code) => lose(slot, `exit code ${code}`));
    next(slot);
  };

  return {
    encode(content) {
      if (closed) return Promise.reject(new Error('the gzip pool is closed'));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, content, resolve, reject });
        const idle = [...slots].find((s) => !s.job);
        if (idle) next(idle);
        else if (slots.size < size) spawn();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the gzip pool was closed'));
      const all = [...slots];
      slots.clear();
      for (const slot of all) slot.job?.reject(new Error('the gzip pool was closed'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

/** Encodes each of `contents` as a publish does: the bench's figure for bytes as published. */
export async function precompress(contents: Buffer[]): Promise<Buffer[]> {
  const pool = gzipPool(Math.min(contents.length, Math.min(4, availableParallelism())));
  try {
    return await Promise.all(contents.map((c) => pool.encode(c)));
  } finally {
    await pool.close();
  }
}
