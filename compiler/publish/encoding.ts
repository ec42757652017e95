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
 * zopfli's settings for an object of `bytes`. Iterations by measurement (the container's seven
 * encoded objects, bytes as stored / CPU ms, medians of 3 interleaved rounds on one thread):
 *
 *   iterations              1            5           10           15
 *   prod bundle (85.7 KB)   30,513/112   30,497/149   30,493/178   30,489/222
 *   dev bundle (282 KB)     55,359/621   55,288/1087  55,284/1548  55,283/2071
 *   all seven               243,266/2180 243,020/3531 243,003/5106 242,988/6677
 *
 * Past 5 iterations the bytes barely move and the CPU grows with size times iterations: 15
 * (zopfli's default) on the prod-sized bundles and companions costs 0.1-0.2 s more for 3-8 B each;
 * on the 282 KB bundles (test, dev, stg) 15 would cost 1 s more each for 1-10 B, so they get 5.
 * Together: 3.8 s of CPU instead of 6.7 s, 16 B more over all three non-prod bundles.
 */
export function zopfliOptions(bytes: number): { numiterations: number; blocksplitting: boolean; blocksplittingmax: number } {
  return { numiterations: bytes <= SMALL_BYTES ? 15 : 5, blocksplitting: true, blocksplittingmax: 15 };
}

/** Up to this size an object gets zopfli's full 15 iterations. */
export const SMALL_BYTES = 128 * 1024;

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
