import { gunzipSync } from 'node:zlib';
import type { StorageTarget, StoredObject } from './target';

// Precompression: the environments' bundles (and debug companions) are published as gzip made by
// zopfli, stored with Content-Encoding: gzip, so every visitor gets the smallest gzip the build
// can make whatever the CDN does (docs/publishing.md, "Precompressed bundles"). Zopfli writes
// ordinary deflate that every browser decodes, about 3 % smaller than gzip -9 for the prod bundle,
// at hundreds of times its CPU: so only at publish, on worker threads (./gzip-pool.ts). What a
// target stores is read back through contentOf: the integrity, the immutability check and the
// documents are always about the decoded bytes.

export type ContentEncoding = 'gzip';

/**
 * zopfli's settings. Iterations measured on the prod bundle (85.7 KB; CPU medians of 3, one
 * thread): 5: 30,497 B 163 ms; 10: 30,493 B 211 ms; 15: 30,489 B 315 ms; 25: 30,486 B 435 ms;
 * 50: 30,485 B 724 ms. 15 (zopfli's own default) takes all but 4 B of what 50 finds, at under half
 * its CPU; on the 282 KB dev bundle 15 is 2.2 s against 1.1 s for 5, for 5 B (a publish runs once).
 */
export const ZOPFLI_OPTIONS = { numiterations: 15, blocksplitting: true, blocksplittingmax: 15 } as const;

/** Turns an object's content into its gzip bytes. */
export type Encoder = (content: Buffer) => Promise<Buffer>;

/** The content of a stored object (its bytes decoded); `where` names it in an error. */
export function contentOf(stored: StoredObject, where: string): Buffer {
  if (stored.contentEncoding === null) return stored.body;
  if (stored.contentEncoding !== 'gzip') throw new Error(`${where} is stored with Content-Encoding: ${stored.contentEncoding}, which tagc does not read (it writes gzip or none)`);
  try {
    return gunzipSync(stored.body);
  } catch (error) {
    throw new Error(`${where} is stored with Content-Encoding: gzip but does not decode (${(error as Error).message})`);
  }
}

/** The decoded bytes of `key`, or null when there is no such object. */
export async function readContent(target: StorageTarget, key: string): Promise<Buffer | null> {
  const stored = await target.get(key);
  return stored && contentOf(stored, `${target.location}/${key}`);
}

/** The same bytes in the same encoding. */
export const sameStored = (a: StoredObject | null, b: StoredObject): boolean => a !== null && a.contentEncoding === b.contentEncoding && a.body.equals(b.body);

/** Encodes `content` and checks that the result decodes to it: a broken encoder never reaches the target. */
export async function encodeChecked(encode: Encoder, content: Buffer, where: string): Promise<Buffer> {
  let encoded: Buffer;
  try {
    encoded = await encode(content);
  } catch (error) {
    throw new Error(`gzip of ${where} failed: ${(error as Error).message}`);
  }
  let decoded: Buffer | null = null;
  try {
    decoded = gunzipSync(encoded);
  } catch {
    // reported below
  }
  if (!decoded?.equals(content)) throw new Error(`gzip of ${where} does not decode to its bytes (the encoder is broken)`);
  return encoded;
}
