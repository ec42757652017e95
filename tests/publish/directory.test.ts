import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promote, publish, releases, rollback } from '../../compiler/publish';
import { DirectoryTarget } from '../../compiler/publish/directory-target';
import type { Encoder } from '../../compiler/publish/encoding';
import { openTarget } from '../../compiler/publish/open-target';
import type { ReleaseRecord } from '../../compiler/publish/release-types';
import { encodeOnce, type EncodeOnce } from '../helpers/encode-once';
import { sampleBuilds, type SampleBuild, type SampleBuilds } from '../helpers/published-builds';

// The folder target: the same layout as the bucket, plus a _headers file for the server. (The
// viewer and the stable viewer page are covered on S3 and in Chromium.) The .gz test publishes
// with publish's own zopfli pool (publishFresh); the others take each build's gzip bytes from one
// pool for the file (encodeOnce: the same bytes).

let builds: SampleBuilds;
let gzip: EncodeOnce;
let out: string;
let clock = Date.parse('2026-04-01T09:00:00.000Z');
const now = () => new Date((clock += 60_000));

beforeAll(async () => {
  builds = await sampleBuilds('publish-dir', { viewer: false });
  gzip = encodeOnce();
  out = join(builds.a.dir, '..', 'public');
}, 120_000);

afterAll(async () => {
  await gzip?.close();
  builds?.remove();
});

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
const files = (dir: string): string[] => walk(dir).map((f) => relative(dir, f)).sort();
/** Publishes with publish's own gzip pool: what `tagc publish` runs. */
const publishFresh = (dir: string, b: SampleBuild, precompress?: boolean, encoder?: Encoder) => publish(new DirectoryTarget(dir), { buildDir: b.dir, root: b.dir, commit: b.commit, actor: 'ci-bot', now, precompress, encoder });
/** Publishes with the file's encodeOnce: the same files, zopfli paid once per build. */
const publishTo = (dir: string, b: SampleBuild, precompress?: boolean) => publishFresh(dir, b, precompress, gzip.encode);

describe('tagc publish --to <folder>', () => {
  it('writes the bucket layout, the stable file of dev and a _headers file with the cache and CORS headers', async () => {
    const { a } = builds;
    const report = await publishTo(out, a);
    const id = report.buildId;
    const all = files(out);
    expect(all).toEqual(expect.arrayContaining(['_headers', `builds/${id}/manifest.json`, `builds/${id}/${a.manifest.environments.prod!.file}`, `private/maps/${id}/${a.manifest.environments.prod!.map}`, 'dev/container.min.js', 'dev/current.json', 'dev/releases.json']));
    expect(all.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(join(out, 'dev/container.min.js')).equals(a.bundle('dev'))).toBe(true);
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    expect(headers).toContain('/builds/*\n  Cache-Control: public, max-age=31536000, immutable\n  Access-Control-Allow-Origin: *\n');
    expect(headers).toContain('/prod/*\n  Cache-Control: public, max-age=60\n  Access-Control-Allow-Origin: *\n');
    expect(headers).toContain('/dev/*\n  Cache-Control: public, max-age=60\n');
    expect(headers).toContain('/viewer/*\n  Cache-Control: public, max-age=60\n');
    expect(headers).toContain('/private/*\n  Cache-Control: private');
  });

  it('skips identical files on a second run and refuses a published file that changed', async () => {
    const { a } = builds;
    const again = await publishTo(out, a);
    expect(again.objects.every((o) => o.state === 'unchanged')).toBe(true);
    expect(again.move?.unchanged).toBe(true);
    const graph = join(out, 'builds', again.buildId, 'dev', 'graph.json');
    writeFileSync(graph, '{}');
    await expect(publishTo(out, a)).rejects.toThrow(`builds/${again.buildId}/dev/graph.json: sha256`);
    expect(readFileSync(graph, 'utf8')).toBe('{}');
  });

  it('promotes and rolls back by rewriting the stable file, pointer and history', async () => {
    const { a, b } = builds;
    const dir = join(out, '..', 'public-2');
    const idA = (await publishTo(dir, a)).buildId;
    const idB = (await publishTo(dir, b)).buildId;
    await promote(new DirectoryTarget(dir), 'prod', idA, { now, actor: 'rm' });
    await promote(new DirectoryTarget(dir), 'prod', idB, { now, actor: 'rm' });
    expect(readFileSync(join(dir, 'prod/container.min.js')).equals(b.bundle('prod'))).toBe(true);
    // The stable bundle loads its debug companion from beside it: the build's file, byte for byte.
    const companion = b.manifest.environments.prod!.debug!.file;
    expect(readFileSync(join(dir, 'prod', companion.split('/').pop()!)).equals(readFileSync(join(dir, 'builds', idB, companion)))).toBe(true);
    await rollback(new DirectoryTarget(dir), 'prod', { now, actor: 'rm' });
    expect(readFileSync(join(dir, 'prod/container.min.js')).equals(a.bundle('prod'))).toBe(true);
    expect((JSON.parse(readFileSync(join(dir, 'prod/current.json'), 'utf8')) as ReleaseRecord).buildId).toBe(idA);
    expect(existsSync(join(dir, 'viewer'))).toBe(false);
    const [dev, prod] = await releases(new DirectoryTarget(dir), ['dev', 'prod']);
    expect(dev!.releases.map((r) => r.buildId)).toEqual([idA, idB]);
    expect(prod!.releases.map((r) => `${r.action} ${r.buildId}`)).toEqual([`promote ${idA}`, `promote ${idB}`, `rollback ${idA}`]);
  });

  it('writes each bundle and debug companion precompressed as <file>.gz beside the plain file, and lists the pair as one object', async () => {
    const { a } = builds;
    const dir = join(out, '..', 'public-gz');
    const report = await publishFresh(dir, a);
    const id = report.buildId;
    const prod = a.manifest.environments.prod!;
    for (const [key, bytes] of [[`builds/${id}/${prod.file}`, a.bundle('prod')], ['dev/container.min.js', a.bundle('dev')]] as const) {
      expect(readFileSync(join(dir, key)).equals(bytes), key).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${key}.gz`))).equals(bytes), key).toBe(true);
    }
    expect(existsSync(join(dir, 'builds', id, prod.debug!.file + '.gz'))).toBe(true);
    const gz = files(dir).filter((f) => f.endsWith('.gz'));
    expect(gz.every((f) => /(container\.[0-9a-f]{16}\.min|container\.min|debug\.[0-9a-f]{16})\.js\.gz$/.test(f))).toBe(true);
    const envs = Object.values(a.manifest.environments);
    // Each environment's bundle, each debug companion, and dev's stable URL (and its companion, if any).
    expect(gz).toHaveLength(envs.length + envs.filter((e) => e!.debug).length + 1 + (a.manifest.environments.dev!.debug ? 1 : 0));
    expect(report.objects.find((o) => o.key === `builds/${id}/${prod.file}`)).toMatchObject({ contentEncoding: 'gzip', storedBytes: readFileSync(join(dir, `builds/${id}/${prod.file}.gz`)).length });
    expect((await new DirectoryTarget(dir).list('builds/')).filter((k) => k.endsWith('.gz'))).toEqual([]);

    // A .gz that no longer holds its file's bytes is refused by name: a server would send either.
    const bundleGz = join(dir, 'builds', id, `${prod.file}.gz`);
    writeFileSync(bundleGz, Buffer.from('not gzip'));
    await expect(publishFresh(dir, a)).rejects.toThrow(`GET ${dir}/builds/${id}/${prod.file} failed: builds/${id}/${prod.file}.gz does not decode to the bytes of builds/${id}/${prod.file}`);
  });

  it('keeps the gzip bytes in the cache folder: the next publish of the build encodes nothing and stores the same bytes; a corrupt entry is encoded again', async () => {
    const { a } = builds;
    const calls: Buffer[] = [];
    const counted: Encoder = (content) => (calls.push(content), gzip.encode(content));
    const cache = join(out, '..', 'gzip-cache');
    const publishCached = (dir: string, gzipCache: string | false) => publish(new DirectoryTarget(dir), { buildDir: a.dir, root: a.dir, commit: a.commit, actor: 'ci-bot', now, encoder: counted, gzipCache });
    const gzOf = (dir: string) => Object.fromEntries(files(dir).filter((f) => f.endsWith('.gz') && f.startsWith('builds/')).map((f) => [f, readFileSync(join(dir, f))]));

    const uncached = await publishCached(join(out, '..', 'cache-0'), false);
    expect(uncached.gzipCache).toBeNull();
    const encoded = calls.length;
    expect(encoded).toBeGreaterThan(0);
    const first = await publishCached(join(out, '..', 'cache-1'), cache);
    expect(first.gzipCache).toEqual({ dir: cache, hits: 0, misses: encoded });
    expect(calls).toHaveLength(2 * encoded);
    const second = await publishCached(join(out, '..', 'cache-2'), cache);
    expect(second.gzipCache).toEqual({ dir: cache, hits: encoded, misses: 0 });
    expect(calls).toHaveLength(2 * encoded);
    const stored = gzOf(join(out, '..', 'cache-0'));
    expect(Object.keys(stored)).toHaveLength(encoded);
    expect(gzOf(join(out, '..', 'cache-1'))).toEqual(stored);
    expect(gzOf(join(out, '..', 'cache-2'))).toEqual(stored);

    const entry = join(cache, readdirSync(cache)[0]!);
    writeFileSync(entry, 'not gzip');
    const third = await publishCached(join(out, '..', 'cache-3'), cache);
    expect(third.gzipCache).toEqual({ dir: cache, hits: encoded - 1, misses: 1 });
    expect(gzOf(join(out, '..', 'cache-3'))).toEqual(stored);
    expect(Object.values(stored).some((gz) => gz.equals(readFileSync(entry)))).toBe(true);
  });

  it('moves the stable file between a plain build and a precompressed one without leaving a stale .gz', async () => {
    const { a, b } = builds;
    const dir = join(out, '..', 'public-mixed');
    const idA = (await publishTo(dir, a, false)).buildId;
    const idB = (await publishTo(dir, b)).buildId;
    expect(existsSync(join(dir, 'builds', idA, `${a.manifest.environments.prod!.file}.gz`))).toBe(false);
    await promote(new DirectoryTarget(dir), 'prod', idB, { now, actor: 'rm' });
    expect(gunzipSync(readFileSync(join(dir, 'prod/container.min.js.gz'))).equals(b.bundle('prod'))).toBe(true);
    await promote(new DirectoryTarget(dir), 'prod', idA, { now, actor: 'rm' });
    expect(readFileSync(join(dir, 'prod/container.min.js')).equals(a.bundle('prod'))).toBe(true);
    expect(existsSync(join(dir, 'prod/container.min.js.gz'))).toBe(false);
    await rollback(new DirectoryTarget(dir), 'prod', { now, actor: 'rm' });
    expect(gunzipSync(readFileSync(join(dir, 'prod/container.min.js.gz'))).equals(b.bundle('prod'))).toBe(true);
    expect(readFileSync(join(dir, 'prod/container.min.js')).equals(b.bundle('prod'))).toBe(true);
  });

  it('chooses the target from --to and rejects what it cannot publish to', () => {
    expect(openTarget({ to: 's3://cdn/tagc', endpoint: 'http://127.0.0.1:9' }).location).toBe('s3://cdn/tagc');
    expect(openTarget({ to: 's3://cdn' }).location).toBe('s3://cdn');
    expect(openTarget({ to: out }).location).toBe(out);
    expect(() => openTarget({ to: 'gs://cdn/tagc' })).toThrow('cannot publish to "gs://cdn/tagc"');
    expect(() => openTarget({ to: 's3://Bad_Bucket/x' })).toThrow('is not an S3 location');
    expect(() => openTarget({ to: 's3://cdn/../x' })).toThrow('may not contain . or .. segments');
    expect(() => openTarget({ to: out, endpoint: 'http://127.0.0.1:9' })).toThrow('--endpoint and --region apply to s3:// targets only');
    expect(existsSync(join(out, '..', 'x'))).toBe(false);
  });
});
