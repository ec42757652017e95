import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Encoder } from '../../compiler/publish/encoding';
import { gzipCache } from '../../compiler/publish/gzip-cache';
import { gzipPool } from '../../compiler/publish/gzip-pool';

// The encoder for a publishing test that is not about precompression but publishes the same
// sample builds to prefix after prefix: publish's own zopfli pool (compiler/publish/gzip-pool.ts),
// started once for the file, and each content encoded once. Zopfli is deterministic, so every
// object stored is byte for byte what the default encoder stores; the publishes after the first
// skip only its CPU (about 0.5 s of zopfli and 0.15 s of worker starts per publish of a sample
// build). The tests of the bytes zopfli stores publish with the default encoder: s3.test.ts's
// 'stores each bundle ... as gzip' and 'encodes the same bytes every time' (without the gzip cache) through S3,
// directory.test.ts's .gz test through a folder.
//
// Once per run, not per file: every file copies the same sample builds, so the pool's bytes are
// kept in the run's gzip cache (publish's own, compiler/publish/gzip-cache.ts), which the file
// that publishes a content first fills and the others read.

/** The run's gzip cache: inside the sample builds' folder, removed with it at the end of the run. */
export const runGzipCache = (): string => join(inject('sampleBuilds'), 'gzip-cache');

export interface EncodeOnce {
  encode: Encoder;
  close(): Promise<void>;
}

export function encodeOnce(): EncodeOnce {
  const pool = gzipPool();
  const cache = gzipCache(runGzipCache(), pool.encode);
  const done = new Map<string, Promise<Buffer>>();
  return {
    encode(content) {
      const key = createHash('sha256').update(content).digest('hex');
      let encoded = done.get(key);
      if (!encoded) {
        encoded = cache.encode(content);
        done.set(key, encoded);
        // A failure is not kept: the next publish of that content tries again.
        encoded.catch(() => done.delete(key));
      }
      return encoded;
    },
    close: () => pool.close(),
  };
}
