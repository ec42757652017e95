import { parentPort } from 'node:worker_threads';
import { simulate } from './index';
import type { SimulateOptions } from './types';

// One pool worker: runs the simulations it is sent, one at a time, in-process (simulate() keeps
// each build's bundles after the first read), and answers each with its result or its error.

export interface JobMessage {
  id: number;
  options: SimulateOptions;
}

export type ReplyMessage = { id: number; ok: true; result: Awaited<ReturnType<typeof simulate>> } | { id: number; ok: false; error: string };

const port = parentPort!;
port.on('message', (job: JobMessage) => {
  simulate(job.options).then(
    (result) => port.postMessage({ id: job.id, ok: true, result } satisfies ReplyMessage),
    (error: unknown) => port.postMessage({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies ReplyMessage),
  );
});
port.postMessage('ready');
