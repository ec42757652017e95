import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Encoder } from '../../compiler/publish/encoding';
import { gzipCache, gzipKey } from '../../compiler/publish/gzip-cache';

// The gzip cache on its own, around an encoder that counts its calls (zlib's gzip at level 1: real
// gzip, no zopfli CPU). Publishing through it: tests/publish/directory.test.ts and cli.test.ts.

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagc-gzip-cache-'));
  dirs.push(dir);
  return join(dir, 'gzip');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function counting(): { encode: Encoder; calls: Buffer[] } {
  const calls: Buffer[] = [];
  return { calls, encode: async (content) => (calls.push(content), gzipSync(content, { level: 1 })) };
}

const content = (n: number) => Buffer.from(`window.tagc = ${JSON.stringify(Array.from({ length: n }, (_, i) => `rule-${i}`))};\n`);

describe('the gzip cache', () => {
  it('encodes a content once: the next encode of the same bytes answers from the folder, byte for byte', async () => {
    const dir = folder();
    const encoder = counting();
    const first = gzipCache(dir, encoder.encode);
    const bytes = await first.encode(content(100));
    expect(encoder.calls).toHaveLength(1);
    expect(first).toMatchObject({ dir, hits: 0, misses: 1 });
    // Another publish (a new cache over the same folder), as `tagc publish` after `--dry-run`.
    const second = gzipCache(dir, encoder.encode);
    expect((await second.encode(content(100))).equals(bytes)).toBe(true);
    expect(encoder.calls).toHaveLength(1);
    expect(second).toMatchObject({ hits: 1, misses: 0 });
    // Other bytes are another entry.
    await second.encode(content(101));
    expect(encoder.calls).toHaveLength(2);
    expect(readdirSync(dir).sort()).toEqual([`${gzipKey(content(100))}.gz`, `${gzipKey(content(101))}.gz`].sort());
  });

  it('ignores a corrupt or unreadable entry and replaces it with the encoded bytes', async () => {
    const dir = folder();
    const encoder = counting();
    await gzipCache(dir, encoder.encode).encode(content(100));
    const entry = join(dir, `${gzipKey(content(100))}.gz`);
    for (const corrupt of [Buffer.from('not gzip'), gzipSync(content(99))]) {
      writeFileSync(entry, corrupt);
      const cache = gzipCache(dir, encoder.encode);
      expect(gunzipSync(await cache.encode(content(100))).equals(content(100))).toBe(true);
      expect(cache).toMatchObject({ hits: 0, misses: 1 });
      expect(gunzipSync(readFileSync(entry)).equals(content(100))).toBe(true);
    }
    expect(encoder.calls).toHaveLength(3);
    // The replaced entry answers the next publish.
    const next = gzipCache(dir, encoder.encode);
    await next.encode(content(100));
    expect(next).toMatchObject({ hits: 1, misses: 0 });
    expect(encoder.calls).toHaveLength(3);
  });

  it('keeps no bytes that do not decode to the content, and leaves no temporary file', async () => {
    const dir = folder();
    const broken: Encoder = async () => Buffer.from('not gzip');
    expect((await gzipCache(dir, broken).encode(content(100))).toString()).toBe('not gzip');
    const encoder = counting();
    await gzipCache(dir, encoder.encode).encode(content(100));
    expect(encoder.calls).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps at most its bound in bytes, the least recently used entries going first', async () => {
    const dir = folder();
    const encoder = counting();
    const sizes = [0, 1, 2].map((i) => gzipSync(content(2000 + i), { level: 1 }).length);
    // Room for two entries: the third written drops the one used least recently.
    const bound = sizes[0]! + sizes[1]! + sizes[2]! - 1;
    const cache = gzipCache(dir, encoder.encode, bound);
    await cache.encode(content(2000));
    await cache.encode(content(2001));
    const [older, newer] = [new Date(Date.now() - 60_000), new Date(Date.now() - 30_000)];
    utimesSync(join(dir, `${gzipKey(content(2000))}.gz`), older, older);
    utimesSync(join(dir, `${gzipKey(content(2001))}.gz`), newer, newer);
    // A hit makes 2000 the most recently used: 2001 goes when 2002 comes.
    await cache.encode(content(2000));
    expect(statSync(join(dir, `${gzipKey(content(2000))}.gz`)).mtimeMs).toBeGreaterThan(newer.getTime());
    await cache.encode(content(2002));
    expect(readdirSync(dir).sort()).toEqual([`${gzipKey(content(2000))}.gz`, `${gzipKey(content(2002))}.gz`].sort());
    expect(encoder.calls).toHaveLength(3);
  });

  it('encodes as before when the folder cannot be written', async () => {
    const dir = folder();
    writeFileSync(join(dir, '..', 'file'), '');
    const encoder = counting();
    // A path under a file: nothing can be created there.
    const cache = gzipCache(join(dir, '..', 'file', 'gzip'), encoder.encode);
    expect(gunzipSync(await cache.encode(content(100))).equals(content(100))).toBe(true);
    expect(gunzipSync(await cache.encode(content(100))).equals(content(100))).toBe(true);
    expect(encoder.calls).toHaveLength(2);
    expect(cache).toMatchObject({ hits: 0, misses: 2 });
  });
});
