// A worker of ./gzip-pool.ts: zopfli (WebAssembly) compresses one object at a time. Plain
// JavaScript: a worker does not inherit the parent's TypeScript loader.
import { parentPort } from 'node:worker_threads';
import zopfli from '@gfx/zopfli';

parentPort.on('message', ({ id, content, options }) => {
  try {
    zopfli.gzip(content, options, (error, out) => {
      if (error) parentPort.postMessage({ id, error: error.message });
      else parentPort.postMessage({ id, encoded: out }, [out.buffer]);
    });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
