import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageVersion } from '../kept-outputs';
import { decodesTo, gzipSettings, type Encoder } from './encoding';

// Publish's gzip bytes kept between runs, in the project's node_modules/.cache/tagc/gzip/: zopfli
// is deterministic, so the same content under the same settings gives the same bytes, and the
// seconds of CPU it costs need not be paid twice for one build: `tagc publish --dry-run` then
// `tagc publish`, a re-run after a target refused a write, one build published to two targets.
// The key is the content and how it is encoded (gzipSettings, zopfli's version, node's zlib for
// gzip -9). An entry is kept only if it decodes to the content (a corrupt or unreadable one is a
// miss, encoded again and replaced); a cache that cannot be written is no cache, never an error.

/** How many bytes of gzip are kept; the least recently used entries go first. */
export const KEPT_GZIP_BYTES = 32 * 1024 * 1024;

const STALE_TMP_MS = 3600_000;

export interface GzipCache {
  dir: string;
  /** The encoder that answers from the cache, else encodes (and keeps the bytes). */
  encode: Encoder;
  /** Objects answered from the cache, and encoded. */
  readonly hits: number;
  readonly misses: number;
}

/** The key of `content` encoded as gzipSettings says, by the encoders installed. */
export function gzipKey(content: Buffer): string {
  const how = JSON.stringify({ settings: gzipSettings(content.length), zopfli: packageVersion('@gfx/zopfli'), zlib: process.versions.zlib });
  return createHash('sha256').update(how).update('\0').update(content).digest('hex');
}

/** `encode` with its results kept in `dir` (at most `keptBytes` of them). */
export function gzipCache(dir: string, encode: Encoder, keptBytes = KEPT_GZIP_BYTES): GzipCache {
  let hits = 0;
  let misses = 0;
  return {
    dir,
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    async encode(content) {
      const file = join(dir, `${gzipKey(content)}.gz`);
      const kept = readKept(file, content);
      if (kept) {
        hits++;
        return kept;
      }
      misses++;
      const encoded = await encode(content);
      // Only bytes that decode to the content are kept (publish checks them again before upload).
      if (decodesTo(encoded, content)) keep(dir, file, encoded, keptBytes);
      return encoded;
    },
  };
}

/** The kept bytes of `file` if they decode to `content` (marked most recently used), else null. */
function readKept(file: string, content: Buffer): Buffer | null {
  let kept: Buffer;
  try {
    kept = readFileSync(file);
  } catch {
    return null;
  }
  if (!decodesTo(kept, content)) return null;
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // read-only cache: still usable
  }
  return kept;
}

/** Writes the entry whole (a temporary file renamed into place), then drops the oldest past the bound. */
function keep(dir: string, file: string, encoded: Buffer, keptBytes: number): void {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, encoded);
    renameSync(tmp, file);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing was written
    }
    return;
  }
  prune(dir, keptBytes);
}

/** Drops entries past `keptBytes`, least recently used first, and the temporary files a crashed run left. */
function prune(dir: string, keptBytes: number): void {
  try {
    const entries = readdirSync(dir)
      .map((name) => {
        const stat = statSync(join(dir, name));
        return { name, used: stat.mtimeMs, bytes: stat.size };
      })
      .sort((a, b) => b.used - a.used);
    let total = 0;
    for (const e of entries) {
      const stale = e.name.endsWith('.tmp') ? Date.now() - e.used > STALE_TMP_MS : (total += e.bytes) > keptBytes;
      if (stale) rmSync(join(dir, e.name), { force: true });
    }
  } catch {
    // best effort
  }
}
