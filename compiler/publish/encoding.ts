import { gunzipSync } from 'node:zlib';
import type { StorageTarget, StoredObject } from './target';

// Precompression: the environments' bundles (and debug companions) are published as gzip made by
// zopfli (by zlib's gzip -9 above 2 MiB: gzipSettings), stored with Content-Encoding: gzip, so
// every visitor gets the smallest gzip the build can make whatever the CDN does
// (docs/publishing.md, "Precompressed bundles"). Zopfli writes ordinary deflate that every
// browser decodes, about 3 % smaller than gzip -9 for the prod bundle, at hundreds of times its
// CPU: so only at publish, on worker threads (./gzip-pool.ts). What a target stores is read back
// through contentOf: the integrity, the immutability check and the documents are always about the
// decoded bytes.

export type ContentEncoding = 'gzip';

/** zopfli's settings (@gfx/zopfli's options). */
export interface ZopfliSettings {
  numiterations: number;
  blocksplitting: boolean;
  blocksplittingmax: number;
}

/** How an object is gzip-encoded: by zopfli, or by node's zlib at a level (the same format). */
export type GzipSettings = { zopfli: ZopfliSettings } | { zlibLevel: 9 };

/**
 * How an object of `bytes` is encoded. Zopfli's iterations by measurement (the container's seven
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
 *
 * Above LARGE_BYTES, zlib's gzip -9 instead: zopfli's CPU grows with the size while gzip -9 takes
 * milliseconds. Measured on synthetic 5,000- and 10,000-rule projects (as
 * compiler/bench/compiler-scale.ts makes them; bytes as stored / CPU ms, medians of 3 interleaved
 * rounds on one thread):
 *
 *                                   zopfli 1      zopfli 5      gzip -9
 *   container dev bundle (280 KB)    54,805/583    54,746/995    56,832/5
 *   5,000: prod bundle (1.04 MB)    100,638/1508  100,485/2093  107,049/31
 *   5,000: prod companion (1.52 MB)  89,104/2302   88,784/3589   96,441/20
 *   5,000: dev bundle (1.75 MB)     155,207/2119  154,607/3256  170,637/25
 *   10,000: prod bundle (2.01 MB)   169,547/2618  167,963/3670  180,650/59
 *   10,000: companion (3.00 MB)     170,847/3780  170,246/6581  180,384/38
 *   10,000: dev bundle (3.21 MB)    248,442/3654  247,375/5769  276,431/43
 *
 * Zopfli saves 6-11 % over gzip -9 on these (6.5-29 KB on every download) for 2-6.6 s of CPU
 * each; up to 2 MiB that is 2-5 KB per CPU second, no worse than the container's own trade (about
 * 6 KB for its 3.8 s), so those stay on zopfli. Past 2 MiB one object alone costs more zopfli CPU
 * than the container's whole publish, and the cost grows with the project without bound: there
 * gzip -9 keeps a publish quick (the 10,000-rule project's seven objects: 7.5 s of CPU instead of
 * 38 s, for 10-29 KB more on each of its five objects over 2 MiB; its prod and internal bundles,
 * 2.01 MB, stay on zopfli). Deterministic too: one node's zlib gives the same bytes for the same
 * content (and the immutability check compares decoded bytes in any case).
 */
export function gzipSettings(bytes: number): GzipSettings {
  if (bytes > LARGE_BYTES) return { zlibLevel: 9 };
  return { zopfli: { numiterations: bytes <= SMALL_BYTES ? 15 : 5, blocksplitting: true, blocksplittingmax: 15 } };
}

/** Up to this size an object gets zopfli's full 15 iterations. */
export const SMALL_BYTES = 128 * 1024;

/** Above this size an object is encoded by zlib's gzip -9, not zopfli. */
export const LARGE_BYTES = 2 * 1024 * 1024;

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
  if (!decodesTo(encoded, content)) throw new Error(`gzip of ${where} does not decode to its bytes (the encoder is broken)`);
  return encoded;
}

/** Whether `gz` is gzip that decodes to exactly `content` (false for bytes that do not decode). */
export function decodesTo(gz: Buffer, content: Buffer): boolean {
  try {
    return gunzipSync(gz).equals(content);
  } catch {
    return false;
  }
}
