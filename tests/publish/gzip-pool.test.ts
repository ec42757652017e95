import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPool, precompress } from '../../compiler/publish/gzip-pool';
import { realBundle } from '../helpers/real-build';

// The zopfli pool tagc publish (and the bench's size row) compress with: gzip that decodes to the
// content, smaller than gzip -9, the same bytes every time, and a clean end. Over 2 MiB an object
// is node's gzip -9 instead (zopfli would take seconds of CPU per MB there).

describe('the gzip pool', () => {
  it('compresses side by side into gzip that decodes to each content, smaller than gzip -9, the same bytes each time', async () => {
    const prod = Buffer.from(realBundle('prod'));
    const small = Buffer.from('window.x = 1;\n'.repeat(50));
    const [a, b, c] = await precompress([prod, small, prod]);
    expect(gunzipSync(a!).equals(prod)).toBe(true);
    expect(gunzipSync(b!).equals(small)).toBe(true);
    expect(a!.length).toBeLessThan(gzipSync(prod, { level: 9 }).length);
    expect(c!.equals(a!)).toBe(true);
    // A gzip member as every browser reads it: magic, deflate, no file name.
    expect([...a!.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]);
  });

  it('encodes an object over 2 MiB as gzip -9 gives it, and one just under by zopfli', async () => {
    // The prod bundle padded with zeros to the size: zopfli's CPU goes on the bundle (0.7 s in all,
    // where 2 MiB of the dev bundle repeated took 5.5 s), and it still beats gzip -9 there.
    const prod = Buffer.from(realBundle('prod'));
    const under = Buffer.concat([prod, Buffer.alloc(2 * 1024 * 1024 - prod.length)]);
    const over = Buffer.concat([under, Buffer.from(';')]);
    const [a, b, c] = await precompress([over, under, over]);
    expect(a!.equals(gzipSync(over, { level: 9 }))).toBe(true);
    expect(c!.equals(a!)).toBe(true);
    expect(gunzipSync(b!).equals(under)).toBe(true);
    expect(b!.length).toBeLessThan(gzipSync(under, { level: 9 }).length);
    expect([...a!.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]);
  });

  it('rejects the jobs still queued when closed, and any job after', async () => {
    const pool = gzipPool(1);
    const content = Buffer.from(realBundle('dev'));
    const outcomes = Promise.allSettled([pool.encode(content), pool.encode(content)]);
    await pool.close();
    const [running, queued] = await outcomes;
    expect(queued).toMatchObject({ status: 'rejected', reason: new Error('the gzip pool was closed') });
    expect(running).toMatchObject({ status: 'rejected', reason: new Error('the gzip pool was closed') });
    await expect(pool.encode(content)).rejects.toThrow('the gzip pool is closed');
  });
});
