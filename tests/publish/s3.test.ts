import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../compiler/graph-types';
import { promote, publish, releases, rollback, type PublishOptions } from '../../compiler/publish';
import type { PublishedManifest, ReleaseHistory, ReleaseRecord } from '../../compiler/publish/release-types';
import { S3Target } from '../../compiler/publish/s3-target';
import { snippets } from '../../compiler/publish/snippet';
import { encodeOnce, runGzipCache, type EncodeOnce } from '../helpers/encode-once';
import { withEnv } from '../helpers/env';
import { sampleBuilds, type SampleBuild, type SampleBuilds } from '../helpers/published-builds';
import { BUCKET, startGateway, startS3, type LocalS3, type Verdict } from '../helpers/s3';

// Publishing through the real AWS SDK to a real S3 protocol server (s3rver) on 127.0.0.1. Each
// test publishes under its own prefix of the bucket. The first test and those of the bytes zopfli
// stores publish with publish's own pool (publishFresh); the others take each build's gzip bytes
// from one pool for the file (publishBuild: encodeOnce, the same bytes).

let s3: LocalS3;
let builds: SampleBuilds;
/** The same builds without the viewer, for the tests that do not look at it (its 864 KB cost each publish about 0.1 s of CPU). */
let lean: SampleBuilds;
let gzip: EncodeOnce;
let clock = Date.parse('2026-03-01T09:00:00.000Z');
const now = () => new Date((clock += 60_000));

beforeAll(async () => {
  [s3, builds, lean] = await Promise.all([startS3(), sampleBuilds('publish-s3'), sampleBuilds('publish-s3-lean', { viewer: false })]);
  gzip = encodeOnce();
}, 120_000);

afterAll(async () => {
  await gzip?.close();
  await s3?.close();
  builds?.remove();
  lean?.remove();
});

const target = (prefix: string, endpoint = s3.endpoint) => new S3Target(`s3://${BUCKET}/${prefix}`, { endpoint });
type Extra = Pick<PublishOptions, 'dryRun' | 'precompress' | 'encoder' | 'gzipCache'> & { endpoint?: string };
/**
 * Publishes with publish's own gzip pool and cache (or extra.encoder, uncached): what `tagc publish` runs. The
 * run's cache folder (runGzipCache), as a project has one: builds and lean hold the same bundles as
 * the other publishing files', so zopfli runs once for them all (the determinism test publishes without it).
 */
const publishFresh = (prefix: string, b: SampleBuild, extra: Extra = {}) =>
  publish(target(prefix, extra.endpoint), { buildDir: b.dir, root: b.dir, commit: b.commit, actor: 'ci-bot', now, dryRun: extra.dryRun, precompress: extra.precompress, encoder: extra.encoder, gzipCache: extra.gzipCache ?? (extra.encoder ? undefined : runGzipCache()) });
/** Publishes with the file's encodeOnce: the same stored bytes, zopfli paid once per build. */
const publishBuild = (prefix: string, b: SampleBuild, extra: Extra = {}) => publishFresh(prefix, b, { encoder: gzip.encode, ...extra });

/** The build id as docs/publishing.md defines it, computed here from the manifest. */
function idOf(b: SampleBuild): string {
  const lines = Object.entries(b.manifest.environments).map(([env, e]) => `${env} ${e!.integrity}\n`).sort();
  return `${b.commit.slice(0, 12)}-${createHash('sha256').update(lines.join('')).digest('hex').slice(0, 12)}`;
}
const json = async <T>(key: string) => JSON.parse((await s3.body(key)).toString('utf8')) as T;
const sri = (b: Buffer) => `sha384-${createHash('sha384').update(b).digest('base64')}`;

describe('tagc publish to S3', () => {
  it('uploads the whole build under builds/<id>/ with immutable caching and JavaScript or JSON types, maps under private/, and points dev at it', async () => {
    const { a } = builds;
    const id = idOf(a);
    const report = await publishFresh('first', a);
    expect(report.buildId).toBe(id);

    const keys = await s3.keys('first/');
    const prod = a.manifest.environments.prod!;
    expect(keys).toEqual(
      expect.arrayContaining([
        `builds/${id}/manifest.json`,
        `builds/${id}/${prod.file}`,
        `builds/${id}/prod/graph.json`,
        `builds/${id}/dev/${a.manifest.environments.dev!.file.split('/')[1]}`,
        `builds/${id}/viewer/index.html`,
        `private/maps/${id}/${prod.map}`,
        'dev/container.min.js',
        'dev/current.json',
        'dev/releases.json',
      ]),
    );
    expect(keys.filter((k) => k.endsWith('.map') && !k.startsWith('private/'))).toEqual([]);
    expect(keys.filter((k) => k.startsWith('prod/') || k.startsWith('stg/'))).toEqual([]);

    const bundle = await s3.head(`first/builds/${id}/${prod.file}`);
    expect(bundle.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(bundle.ContentType).toBe('text/javascript; charset=utf-8');
    expect(bundle.ContentEncoding).toBe('gzip');
    expect((await s3.content(`first/builds/${id}/${prod.file}`)).equals(a.bundle('prod'))).toBe(true);
    expect((await s3.head(`first/builds/${id}/manifest.json`)).ContentType).toBe('application/json; charset=utf-8');
    expect((await s3.head(`first/builds/${id}/viewer/index.html`)).ContentType).toBe('text/html; charset=utf-8');
    expect((await s3.head(`first/private/maps/${id}/${prod.map}`)).CacheControl).toMatch(/^private,/);

    const stable = await s3.head('first/dev/container.min.js');
    expect(stable.CacheControl).toBe('public, max-age=60');
    expect(stable.ContentType).toBe('text/javascript; charset=utf-8');
    expect(stable.ContentEncoding).toBe('gzip');
    expect((await s3.content('first/dev/container.min.js')).equals(a.bundle('dev'))).toBe(true);
  });

  it('writes a manifest with the commit, build time, tagc version and per environment file, sizes, integrity, rules, data elements and hosts', async () => {
    const { a } = builds;
    const id = idOf(a);
    await publishBuild('manifest', a);
    const m = await json<PublishedManifest>(`manifest/builds/${id}/manifest.json`);
    expect(m.publish).toMatchObject({ buildId: id, commit: a.commit, root: '../../', viewer: 'viewer/index.html' });
    expect(m.publish.tagcVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(m.buildTime).toBe('2026-01-05T10:00:00.000Z');
    for (const env of ['dev', 'stg', 'prod'] as const) {
      const local = a.manifest.environments[env]!;
      expect(m.environments[env]).toMatchObject({ file: local.file, bytes: local.bytes, gzipBytes: local.gzipBytes, integrity: local.integrity, rules: 1, dataElements: local.dataElements, hosts: local.hosts });
      expect(m.environments[env]!.map).toBe(`../../private/maps/${id}/${local.map}`);
      expect(sri(await s3.content(`manifest/builds/${id}/${local.file}`))).toBe(local.integrity);
    }
  });

  it('uploads nothing and moves nothing when the same publish runs again, and says so', async () => {
    const { a } = lean;
    await publishBuild('again', a);
    const before = await s3.head(`again/builds/${idOf(a)}/manifest.json`);
    const report = await publishBuild('again', a);
    expect(report.objects.length).toBeGreaterThan(5);
    expect(report.objects.filter((o) => o.state !== 'unchanged')).toEqual([]);
    expect(report.move).toMatchObject({ env: 'dev', unchanged: true, writes: [] });
    expect((await s3.head(`again/builds/${idOf(a)}/manifest.json`)).LastModified).toEqual(before.LastModified);
    expect((await json<ReleaseHistory>('again/dev/releases.json')).releases).toHaveLength(1);
  });

  it('refuses to overwrite a published object that has different bytes, naming it and writing nothing', async () => {
    const { a, b } = lean;
    await publishBuild('conflict', a);
    const graphKey = `builds/${idOf(a)}/prod/graph.json`;
    await s3.put(`conflict/${graphKey}`, '{"tampered":true}');
    const keysBefore = await s3.keys('conflict/');
    const pointer = await s3.body('conflict/dev/current.json');

    await expect(publishBuild('conflict', a)).rejects.toThrow(new RegExp(`refused: 1 published object\\(s\\) on s3://cdn/conflict differ[\\s\\S]*${graphKey.replace(/[.]/g, '\\.')}: sha256 [0-9a-f]{16}… on the target[\\s\\S]*nothing was written`));
    expect(await s3.keys('conflict/')).toEqual(keysBefore);
    expect((await s3.body('conflict/dev/current.json')).equals(pointer)).toBe(true);
    expect((await s3.body(`conflict/${graphKey}`)).toString()).toBe('{"tampered":true}');
    // Another build is not affected by the conflict of the first.
    expect((await publishBuild('conflict', b)).move).toMatchObject({ from: idOf(a), to: idOf(b) });
  });

  it('prints the plan with --dry-run and changes nothing, for publish, promote and rollback', async () => {
    const { a, b } = lean;
    const plan = await publishBuild('dry', a, { dryRun: true });
    expect(plan.dryRun).toBe(true);
    expect(plan.objects.every((o) => o.state === 'upload')).toBe(true);
    expect(plan.objects.map((o) => o.key)).toContain(`builds/${idOf(a)}/manifest.json`);
    expect(plan.move).toMatchObject({ env: 'dev', from: null, to: idOf(a), writes: ['dev/container.min.js', 'dev/current.json', 'dev/releases.json'] });
    expect(await s3.keys('dry/')).toEqual([]);

    await publishBuild('dry', a);
    await publishBuild('dry', b);
    await promote(target('dry'), 'prod', idOf(a), { now });
    await promote(target('dry'), 'prod', idOf(b), { now });
    const keys = await s3.keys('dry/');
    const history = await s3.body('dry/prod/releases.json');
    expect(await promote(target('dry'), 'stg', idOf(b), { now, dryRun: true })).toMatchObject({ env: 'stg', to: idOf(b), dryRun: true, writes: ['stg/container.min.js', 'stg/current.json', 'stg/releases.json'] });
    expect(await rollback(target('dry'), 'prod', { now, dryRun: true })).toMatchObject({ env: 'prod', from: idOf(b), to: idOf(a), action: 'rollback' });
    expect(await s3.keys('dry/')).toEqual(keys);
    expect((await s3.body('dry/prod/releases.json')).equals(history)).toBe(true);
    expect((await s3.content('dry/prod/container.min.js')).equals(b.bundle('prod'))).toBe(true);
  });
});

describe('tagc promote, rollback and releases on S3', () => {
  const flow = 'flow';
  beforeAll(async () => {
    await publishBuild(flow, builds.a);
    await promote(target(flow), 'prod', idOf(builds.a), { now, actor: 'release-manager' });
    await publishBuild(flow, builds.b);
  });

  it('promotes the bytes of the published build to prod, with its pointer, history and the stable viewer', async () => {
    const { a, b } = builds;
    const report = await promote(target(flow), 'prod', idOf(b), { now, actor: 'release-manager' });
    expect(report).toMatchObject({ env: 'prod', from: idOf(a), to: idOf(b), action: 'promote', unchanged: false });
    const stable = await s3.content(`${flow}/prod/container.min.js`);
    expect(stable.equals(b.bundle('prod'))).toBe(true);
    expect(sri(stable)).toBe(b.manifest.environments.prod!.integrity);
    expect((await s3.head(`${flow}/prod/container.min.js`)).CacheControl).toBe('public, max-age=60');
    // The stable URL is the pinned object as stored: the same gzip bytes, the same encoding.
    expect((await s3.head(`${flow}/prod/container.min.js`)).ContentEncoding).toBe('gzip');
    expect((await s3.body(`${flow}/prod/container.min.js`)).equals(await s3.body(`${flow}/builds/${idOf(b)}/${b.manifest.environments.prod!.file}`))).toBe(true);
    expect(await json<ReleaseRecord>(`${flow}/prod/current.json`)).toMatchObject({ env: 'prod', buildId: idOf(b), commit: b.commit, action: 'promote', by: 'release-manager', previous: idOf(a), file: `builds/${idOf(b)}/${b.manifest.environments.prod!.file}` });
    const viewer = (await s3.body(`${flow}/viewer/index.html`)).toString();
    expect(viewer).toContain(`url=../builds/${idOf(b)}/viewer/index.html`);
    expect((await s3.head(`${flow}/viewer/index.html`)).ContentType).toBe('text/html; charset=utf-8');
  });

  it('rolls prod back to the build it ran before, then refuses to go further back than its first release', async () => {
    const { a, b } = builds;
    expect(await rollback(target(flow), 'prod', { now, actor: 'on-call' })).toMatchObject({ from: idOf(b), to: idOf(a), action: 'rollback' });
    expect((await s3.content(`${flow}/prod/container.min.js`)).equals(a.bundle('prod'))).toBe(true);
    expect((await s3.body(`${flow}/viewer/index.html`)).toString()).toContain(`../builds/${idOf(a)}/viewer/index.html`);
    await expect(rollback(target(flow), 'prod', { now })).rejects.toThrow(`prod has no earlier release to roll back to (it has only run ${idOf(a)})`);
    expect(await rollback(target(flow), 'prod', { now, to: idOf(b), actor: 'on-call' })).toMatchObject({ to: idOf(b) });
    await rollback(target(flow), 'prod', { now, to: idOf(a), actor: 'on-call' });
  });

  it('lists each environment history, oldest first, with build, commit, time, action and actor', async () => {
    const { a, b } = builds;
    const histories = await releases(target(flow), ['test', 'dev', 'stg', 'prod']);
    expect(histories.map((h) => h.env)).toEqual(['dev', 'prod']);
    const dev = histories[0]!.releases;
    expect(dev.map((r) => [r.action, r.buildId, r.commit, r.by, r.previous])).toEqual([
      ['publish', idOf(a), a.commit, 'ci-bot', null],
      ['publish', idOf(b), b.commit, 'ci-bot', idOf(a)],
    ]);
    const prod = histories[1]!.releases;
    expect(prod.map((r) => [r.action, r.buildId, r.by])).toEqual([
      ['promote', idOf(a), 'release-manager'],
      ['promote', idOf(b), 'release-manager'],
      ['rollback', idOf(a), 'on-call'],
      ['rollback', idOf(b), 'on-call'],
      ['rollback', idOf(a), 'on-call'],
    ]);
    const times = prod.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(await json<ReleaseRecord>(`${flow}/prod/current.json`)).toEqual(prod.at(-1));
  });

  it('refuses to promote a build that was never published or lacks the environment', async () => {
    await expect(promote(target(flow), 'prod', 'abcdef012345-0123456789ab', { now })).rejects.toThrow('no build abcdef012345-0123456789ab on s3://cdn/flow');
    await expect(promote(target(flow), 'internal', idOf(builds.a), { now })).rejects.toThrow(`build ${idOf(builds.a)} has no internal bundle (it has dev, stg, prod)`);
    await expect(promote(target(flow), 'prod', '../../etc', { now })).rejects.toThrow('"../../etc" is not a build id');
  });

  it('stops at a bucket that does not exist, even in a dry run', async () => {
    const missing = new S3Target('s3://no-such-bucket/tagc', { endpoint: s3.endpoint });
    await expect(publish(missing, { buildDir: lean.a.dir, root: lean.a.dir, commit: lean.a.commit, dryRun: true })).rejects.toThrow(/^GET s3:\/\/no-such-bucket\/tagc\/\S+ failed: NoSuchBucket \(HTTP 404\)/);
  });

  it('stops at a malformed release history and names it, writing nothing', async () => {
    await publishBuild('broken-history', lean.a);
    await s3.put('broken-history/stg/releases.json', '{"env":"stg","releases":[{"buildId":1}]}');
    await expect(promote(target('broken-history'), 'stg', idOf(lean.a), { now })).rejects.toThrow('s3://cdn/broken-history/stg/releases.json is not a release history: releases.0.env');
    expect(await s3.keys('broken-history/stg/')).toEqual(['releases.json']);
  });

  it('gives the pinned snippet with the integrity of the manifest, and the stable URL', async () => {
    const { b } = builds;
    const s = await snippets(target(flow), 'dev', 'https://cdn.firm.example/tagc/');
    expect(s.buildId).toBe(idOf(b));
    expect(s.pinned.html).toContain(`<script src="https://cdn.firm.example/tagc/builds/${idOf(b)}/${b.manifest.environments.dev!.file}" integrity="${b.manifest.environments.dev!.integrity}" crossorigin="anonymous"></script>`);
    expect(s.stable.html).toContain('<script src="https://cdn.firm.example/tagc/dev/container.min.js"></script>');
    expect((await snippets(target(flow), 'prod', 'https://cdn.firm.example/tagc', idOf(builds.a))).pinned.integrity).toBe(builds.a.manifest.environments.prod!.integrity);
    await expect(snippets(target(flow), 'stg', 'https://cdn.firm.example/tagc')).rejects.toThrow('stg has no release on s3://cdn/flow: pass --build <id>');
  });
});

describe('a bucket that refuses a write', () => {
  const refusing = async (prefix: string, judge: (method: string, key: string) => Verdict) => startGateway(s3.endpoint, (method, key) => (key.startsWith(`${prefix}/`) ? judge(method, key.slice(prefix.length + 1)) : 'pass'));

  it('stops a publish at the refused object, names it, and moves no pointer', async () => {
    const gateway = await refusing('denied', (method, key) => (method === 'PUT' && key.endsWith('prod/graph.json') ? 'deny' : 'pass'));
    try {
      await expect(publishBuild('denied', lean.a, { endpoint: gateway.endpoint })).rejects.toThrow(
        new RegExp(`PUT s3://cdn/denied/builds/${idOf(lean.a)}/prod/graph\\.json failed: AccessDenied \\(HTTP 403\\): Access Denied by the bucket policy[\\s\\S]*no pointer was moved`),
      );
      expect(gateway.refused).toEqual([`PUT /cdn/denied/builds/${idOf(lean.a)}/prod/graph.json`]);
      const keys = await s3.keys('denied/');
      expect(keys.filter((k) => !k.startsWith('builds/') && !k.startsWith('private/'))).toEqual([]);
    } finally {
      await gateway.close();
    }
    // With the policy lifted, the same publish completes the build and moves dev.
    expect((await publishBuild('denied', lean.a)).move).toMatchObject({ to: idOf(lean.a), unchanged: false });
  });

  it('stops at a refused precompressed bundle, names it, and leaves the build unpromotable until a re-run completes it', async () => {
    const { a } = lean;
    const bundle = `builds/${idOf(a)}/${a.manifest.environments.prod!.file}`;
    const gateway = await refusing('denied-gz', (method, key) => (method === 'PUT' && key === bundle ? 'deny' : 'pass'));
    try {
      await expect(publishBuild('denied-gz', a, { endpoint: gateway.endpoint })).rejects.toThrow(`PUT s3://cdn/denied-gz/${bundle} failed: AccessDenied (HTTP 403)`);
    } finally {
      await gateway.close();
    }
    const keys = await s3.keys('denied-gz/');
    expect(keys.filter((k) => !k.startsWith('builds/') && !k.startsWith('private/'))).toEqual([]);
    expect(keys).not.toContain(`builds/${idOf(a)}/manifest.json`);
    expect((await publishBuild('denied-gz', a)).move).toMatchObject({ to: idOf(a), unchanged: false });
    expect((await s3.head(`denied-gz/${bundle}`)).ContentEncoding).toBe('gzip');
  });

  it('puts the stable URL back when the pointer document cannot be written (network failure)', async () => {
    await publishBuild('dropped', lean.a);
    const gateway = await refusing('dropped', (method, key) => (method === 'PUT' && key === 'dev/current.json' ? 'drop' : 'pass'));
    try {
      await expect(publishBuild('dropped', lean.b, { endpoint: gateway.endpoint })).rejects.toThrow(
        new RegExp(`moving dev to ${idOf(lean.b)} failed: PUT s3://cdn/dropped/dev/current\\.json failed: [\\s\\S]*every object written was restored: dev still runs ${idOf(lean.a)}`),
      );
      expect(gateway.refused.length).toBeGreaterThanOrEqual(1);
    } finally {
      await gateway.close();
    }
    // s3rver answers a PUT before its file is on disk (real S3 reads after writes): poll briefly.
    await expect.poll(async () => (await s3.content('dropped/dev/container.min.js')).equals(lean.a.bundle('dev')), { timeout: 2_000 }).toBe(true);
    await expect.poll(async () => (await json<ReleaseRecord>('dropped/dev/current.json')).buildId, { timeout: 2_000 }).toBe(idOf(lean.a));
    expect((await json<ReleaseHistory>('dropped/dev/releases.json')).releases.map((r) => r.buildId)).toEqual([idOf(lean.a)]);
  });

  it('undoes the move when the history cannot be appended, and removes the first pointer it wrote', async () => {
    const gateway = await refusing('no-history', (method, key) => (method === 'PUT' && key === 'dev/releases.json' ? 'deny' : 'pass'));
    try {
      await expect(publishBuild('no-history', lean.a, { endpoint: gateway.endpoint })).rejects.toThrow('every object written was restored: dev has no release, as before');
    } finally {
      await gateway.close();
    }
    expect((await s3.keys('no-history/')).filter((k) => k.startsWith('dev/'))).toEqual([]);
  });
});

describe('precompressed bundles on S3', () => {
  it('stores each bundle and debug companion as gzip (zopfli, smaller than gzip -9) with Content-Encoding: gzip, served so over HTTP, and the rest as it is', async () => {
    const { a } = lean;
    const id = idOf(a);
    const report = await publishFresh('gz', a);
    const prod = a.manifest.environments.prod!;
    const key = `builds/${id}/${prod.file}`;
    const stored = await s3.body(`gz/${key}`);
    expect(gunzipSync(stored).equals(a.bundle('prod'))).toBe(true);
    expect(stored.length).toBeLessThan(gzipSync(a.bundle('prod'), { level: 9 }).length);
    expect(report.objects.find((o) => o.key === key)).toMatchObject({ bytes: a.bundle('prod').length, storedBytes: stored.length, contentEncoding: 'gzip', headers: { contentEncoding: 'gzip' } });
    const companion = `builds/${id}/${prod.debug!.file}`;
    expect((await s3.head(`gz/${companion}`)).ContentEncoding).toBe('gzip');
    // What a browser gets from the server: the stored gzip bytes, said to be gzip, of the bundle's type.
    const wire = await s3.fetch(`gz/${key}`);
    expect(wire.status).toBe(200);
    expect(wire.headers['content-encoding']).toBe('gzip');
    expect(wire.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(wire.body.equals(stored)).toBe(true);
    for (const plain of [`builds/${id}/manifest.json`, `builds/${id}/prod/graph.json`, `private/maps/${id}/${prod.map}`, 'dev/current.json']) {
      expect((await s3.head(`gz/${plain}`)).ContentEncoding, plain).toBeUndefined();
      expect(report.objects.find((o) => o.key === plain)?.contentEncoding ?? null, plain).toBeNull();
    }
  });

  it('encodes the same bytes every time: the same build published twice stores the same gzip, and a re-run keeps it', async () => {
    const { a } = lean;
    const key = `builds/${idOf(a)}/${a.manifest.environments.dev!.file}`;
    // Without the gzip cache: zopfli encodes the build both times.
    await publishFresh('gz-same-1', a, { gzipCache: false });
    await publishFresh('gz-same-2', a, { gzipCache: false });
    const first = await s3.body(`gz-same-1/${key}`);
    expect((await s3.body(`gz-same-2/${key}`)).equals(first)).toBe(true);
    const again = await publishFresh('gz-same-1', a);
    expect(again.objects.filter((o) => o.state !== 'unchanged')).toEqual([]);
    expect(again.objects.find((o) => o.key === key)).toMatchObject({ contentEncoding: 'gzip', storedBytes: first.length });
  });

  it('keeps the objects of a bucket published before precompression: no refusal, and promote and rollback carry each build\'s encoding to the stable URL', async () => {
    const { a, b } = lean;
    const plain = await publishBuild('legacy', a, { precompress: false });
    expect(plain.precompress).toBe(false);
    const key = `builds/${idOf(a)}/${a.manifest.environments.prod!.file}`;
    expect((await s3.head(`legacy/${key}`)).ContentEncoding).toBeUndefined();
    const again = await publishBuild('legacy', a);
    expect(again.objects.filter((o) => o.state !== 'unchanged')).toEqual([]);
    expect(again.objects.find((o) => o.key === key)).toMatchObject({ state: 'unchanged', contentEncoding: null, headers: { contentEncoding: 'gzip' } });
    expect((await s3.head(`legacy/${key}`)).ContentEncoding).toBeUndefined();

    await publishBuild('legacy', b);
    await promote(target('legacy'), 'prod', idOf(a), { now });
    expect((await s3.head('legacy/prod/container.min.js')).ContentEncoding).toBeUndefined();
    expect((await s3.body('legacy/prod/container.min.js')).equals(a.bundle('prod'))).toBe(true);
    await promote(target('legacy'), 'prod', idOf(b), { now });
    expect((await s3.head('legacy/prod/container.min.js')).ContentEncoding).toBe('gzip');
    expect((await s3.content('legacy/prod/container.min.js')).equals(b.bundle('prod'))).toBe(true);
    const companion = b.manifest.environments.prod!.debug!.file;
    expect((await s3.head(`legacy/prod/${companion.split('/').pop()}`)).ContentEncoding).toBe('gzip');
    expect(await rollback(target('legacy'), 'prod', { now })).toMatchObject({ to: idOf(a) });
    expect((await s3.head('legacy/prod/container.min.js')).ContentEncoding).toBeUndefined();
    expect((await s3.body('legacy/prod/container.min.js')).equals(a.bundle('prod'))).toBe(true);
  });

  it('stops at an encoder that fails or writes bytes that do not decode to the bundle, naming it, and moves no pointer; a re-run completes', async () => {
    const { a } = lean;
    const bundleKey = `builds/${idOf(a)}/${a.manifest.environments.prod!.file}`;
    const failing = async () => {
      throw new Error('out of memory (test)');
    };
    await expect(publishBuild('gz-fails', a, { encoder: failing })).rejects.toThrow(new RegExp(`^publish of ${idOf(a)} stopped: gzip of builds/${idOf(a)}/\\w+/(container|debug)\\.[0-9a-f]{16}(\\.min)?\\.js failed: out of memory \\(test\\)\nno pointer was moved`));
    const broken = async (content: Buffer) => gzipSync(Buffer.concat([content, Buffer.from(';')]));
    await expect(publishBuild('gz-fails', a, { encoder: broken })).rejects.toThrow(/gzip of builds\/\S+\.js does not decode to its bytes \(the encoder is broken\)/);
    const keys = await s3.keys('gz-fails/');
    expect(keys.filter((k) => k.startsWith('dev/'))).toEqual([]);
    expect(keys).not.toContain(bundleKey);
    // The manifest goes last: a build that stopped part-way cannot be promoted.
    expect(keys).not.toContain(`builds/${idOf(a)}/manifest.json`);
    await expect(promote(target('gz-fails'), 'prod', idOf(a), { now })).rejects.toThrow(`no build ${idOf(a)} on s3://cdn/gz-fails`);
    expect((await publishBuild('gz-fails', a)).move).toMatchObject({ to: idOf(a), unchanged: false });
    expect((await s3.content(`gz-fails/${bundleKey}`)).equals(a.bundle('prod'))).toBe(true);
  });

  it('refuses a gzip-encoded bundle on the bucket whose decoded bytes differ, naming the hash of those bytes', async () => {
    const { a } = lean;
    await publishBuild('gz-tampered', a);
    const key = `builds/${idOf(a)}/${a.manifest.environments.prod!.file}`;
    const tampered = Buffer.from('window.tampered = true;\n');
    await s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `gz-tampered/${key}`, Body: gzipSync(tampered), ContentEncoding: 'gzip' }));
    await expect.poll(async () => (await s3.content(`gz-tampered/${key}`)).equals(tampered), { timeout: 2_000 }).toBe(true);
    const there = createHash('sha256').update(tampered).digest('hex').slice(0, 16);
    const here = createHash('sha256').update(a.bundle('prod')).digest('hex').slice(0, 16);
    await expect(publishBuild('gz-tampered', a)).rejects.toThrow(`  ${key}: sha256 ${there}… on the target, ${here}… here`);
  });

  it('stores every object as it is with precompress off (--no-precompress)', async () => {
    const { a } = lean;
    const report = await publishBuild('gz-off', a, { precompress: false });
    expect(report.objects.filter((o) => o.contentEncoding !== null || o.headers.contentEncoding)).toEqual([]);
    expect((await s3.head('gz-off/dev/container.min.js')).ContentEncoding).toBeUndefined();
    expect((await s3.body('gz-off/dev/container.min.js')).equals(a.bundle('dev'))).toBe(true);
  });
});

describe('the local S3 server (tests/helpers/s3.ts)', () => {
  it('puts its credentials in the environment while it runs and puts back what was there when it closes', async () => {
    // Files that share a worker (tests/setup/isolation.ts) must not inherit another file's credentials.
    const vars = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] as const;
    const seen = () => vars.map((name) => process.env[name]);
    await withEnv({ AWS_ACCESS_KEY_ID: 'a-developer-key', AWS_SECRET_ACCESS_KEY: undefined, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: undefined }, async () => {
      const other = await startS3();
      expect(seen()).toEqual(['S3RVER', 'S3RVER', 'true']);
      await other.close();
      expect(seen()).toEqual(['a-developer-key', undefined, undefined]);
    });
  });
});
