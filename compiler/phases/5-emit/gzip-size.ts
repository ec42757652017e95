import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

// A bundle's gzip -9 size, for the manifest and the build's report. Compressed on libuv's thread
// pool: five environments' bundles (the debug ones near 280 KB) took 60-80 ms of the main thread
// with gzipSync while esbuild still worked on the others.

const gzipAsync = promisify(gzip);

export async function gzipSize(bytes: Buffer): Promise<number> {
  return (await gzipAsync(bytes, { level: 9 })).length;
}
