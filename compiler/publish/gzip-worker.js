// A worker of ./gzip-pool.ts: compresses one object at a time as gzipSettings (./encoding.ts) says,
// by zopfli (WebAssembly) or by zlib's gzip at a level. Plain JavaScript: a worker does not
// inherit the parent's TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import zopfli from '@gfx/zopfli';

parentPort.on('message', ({ id, content, settings }) => {
  try {
    if ('zlibLevel' in settings) {
      // Copied, not transferred: gzipSync's buffer may share its memory with others.
      parentPort.postMessage({ id, encoded: gzipSync(content, { level: settings.zlibLevel }) });
      return;
    }
    zopfli.gzip(content, settings.zopfli, (error, out) => {
      if (error) parentPort.postMessage({ id, error: error.message });
      else parentPort.postMessage({ id, encoded: out }, [out.buffer]);
    });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
