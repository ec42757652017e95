import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promote, publish, rollback } from '../../compiler/publish';
import { DirectoryTarget } from '../../compiler/publish/directory-target';
import { prune } from '../../compiler/publish/prune';
import { S3Target } from '../../compiler/publish/s3-target';
import type { StorageTarget } from '../../compiler/publish/target';
import { tagcInProcess } from '../helpers/cli';
import { encodeOnce, type EncodeOnce } from '../helpers/encode-once';
import { sampleBuilds, type SampleBuild, type SampleBuilds } from '../helpers/published-builds';
import { BUCKET, startGateway, startS3, type LocalS3 } from '../helpers/s3';

// tagc prune: each environment keeps the builds of its last n releases; older builds that an
// environment ran go, builds no environment ran stay. Against a real S3 protocol server (s3rver)
// through the AWS SDK, one prefix per test, and against a folder. Each build's bundles are
// zopfli-encoded once for the file (encodeOnce): precompression end to end through S3 and a
// folder is tests/publish/s3.test.ts's and directory.test.ts's.

let s3: LocalS3;
let builds: SampleBuilds;
let gzip: EncodeOnce;
let folders: string;
let clock = Date.parse('2026-05-01T09:00:00.000Z');
const now = () => new Date((clock += 60_000));

beforeAll(async () => {
  [s3, builds] = await Promise.all([startS3(), sampleBuilds('prune', { viewer: false })]);
  gzip = encodeOnce();
  folders = mkdtempSync(join(tmpdir(), 'tagc-prune-'));
}, 120_000);

afterAll(async () => {
  await gzip?.close();
  await s3?.close();
  builds?.remove();
  if (folders) rmSync(folders, { recursive: true, force: true });
});

const bucket = (prefix: string, endpoint = s3.endpoint) => new S3Target(`s3://${BUCKET}/${prefix}`, { endpoint });
const publishTo = (target: StorageTarget, b: SampleBuild) => publish(target, { buildDir: b.dir, root: b.dir, commit: b.commit, actor: 'ci-bot', now, encoder: gzip.encode });
/** Publishes A then B (dev runs B, ran A) and returns their ids. */
async function twoReleases(target: StorageTarget): Promise<{ a: string; b: string }> {
  const a = (await publishTo(target, builds.a)).buildId;
  const b = (await publishTo(target, builds.b)).buildId;
  return { a, b };
}
const ofBuild = (keys: string[], id: string) => keys.filter((k) => k.startsWith(`builds/${id}/`) || k.startsWith(`private/maps/${id}/`));

describe('tagc prune on S3', () => {
  it('removes the builds and source maps of a build dev ran before its last release, and nothing else', async () => {
    const target = bucket('older');
    const { a, b } = await twoReleases(target);
    const before = await s3.keys('older/');
    expect(ofBuild(before, a).length).toBeGreaterThan(5);

    const report = await prune(target, { keep: 1 });
    expect(report.pruned.map((p) => p.buildId)).toEqual([a]);
    expect(report.pruned[0]!.keys.sort()).toEqual(ofBuild(before, a).sort());
    expect(report.kept).toEqual([{ buildId: b, envs: ['dev'] }]);

    const after = await s3.keys('older/');
    expect(ofBuild(after, a)).toEqual([]);
    expect(after).toEqual(before.filter((k) => !ofBuild([k], a).length));
    expect(after).toContain('dev/releases.json');
  });

  it('keeps every build an environment runs, and each environment its own last n', async () => {
    const target = bucket('envs');
    const a = (await publishTo(target, builds.a)).buildId;
    await promote(target, 'prod', a, { now, actor: 'release-manager' });
    const b = (await publishTo(target, builds.b)).buildId;

    const one = await prune(target, { keep: 1 });
    expect(one.pruned).toEqual([]);
    expect(one.kept).toEqual(expect.arrayContaining([{ buildId: a, envs: ['prod'] }, { buildId: b, envs: ['dev'] }]));

    const prefix = bucket('two');
    const ids = await twoReleases(prefix);
    const two = await prune(prefix, { keep: 2 });
    expect(two.pruned).toEqual([]);
    expect(two.kept).toEqual([
      { buildId: ids.b, envs: ['dev'] },
      { buildId: ids.a, envs: ['dev'] },
    ]);
  });

  it('changes nothing with dryRun, and says what it would remove', async () => {
    const target = bucket('dry');
    const { a } = await twoReleases(target);
    const before = await s3.keys('dry/');
    const report = await prune(target, { keep: 1, dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.pruned.map((p) => p.buildId)).toEqual([a]);
    expect(await s3.keys('dry/')).toEqual(before);
  });

  it('leaves a build no environment ever ran (a publish in flight) and lists it', async () => {
    const target = bucket('flight');
    await twoReleases(target);
    const inFlight = 'c3c3c3c3c3c3-0123456789ab';
    await s3.put(`flight/builds/${inFlight}/prod/container.0123456789ab.min.js`, 'void 0;');
    const report = await prune(target, { keep: 1 });
    expect(report.unreleased).toEqual([inFlight]);
    expect(await s3.keys(`flight/builds/${inFlight}/`)).toEqual(['prod/container.0123456789ab.min.js']);
  });

  it('refuses a pruned build by name: promote and rollback to it fail before moving a pointer', async () => {
    const target = bucket('gone');
    const { a, b } = await twoReleases(target);
    await prune(target, { keep: 1 });
    await expect(promote(target, 'prod', a, { now })).rejects.toThrow(`no build ${a} on s3://${BUCKET}/gone: it was never published there, or tagc prune removed it`);
    await expect(rollback(target, 'dev', { now })).rejects.toThrow('tagc prune removed it');
    expect(JSON.parse((await s3.body('gone/dev/current.json')).toString('utf8'))).toMatchObject({ buildId: b });
  });

  it('reads every history before removing anything: a malformed one stops it with the key named', async () => {
    const target = bucket('broken');
    const { a } = await twoReleases(target);
    await s3.put('broken/stg/releases.json', '{"env": "stg", "releases": [');
    const before = await s3.keys('broken/');
    await expect(prune(target, { keep: 1 })).rejects.toThrow(`s3://${BUCKET}/broken/stg/releases.json is not valid JSON`);
    expect(ofBuild(await s3.keys('broken/'), a)).toEqual(ofBuild(before, a));
  });

  it('stops before removing anything when the bucket refuses to list its objects', async () => {
    const target = bucket('unlisted');
    const { a } = await twoReleases(target);
    const before = await s3.keys('unlisted/');
    // A list request is GET /<bucket>?list-type=2&prefix=…: the gateway sees no object key.
    const gateway = await startGateway(s3.endpoint, (method, key) => (method === 'GET' && !key.includes('/') ? 'deny' : 'pass'));
    try {
      await expect(prune(bucket('unlisted', gateway.endpoint), { keep: 1 })).rejects.toThrow(new RegExp(`LIST s3://${BUCKET}/unlisted/(builds|private/maps)/ failed: AccessDenied`));
    } finally {
      await gateway.close();
    }
    expect(ofBuild(await s3.keys('unlisted/'), a)).toEqual(ofBuild(before, a));
  });

  it('leaves a build whole when its manifest cannot be removed', async () => {
    const target = bucket('locked');
    const { a } = await twoReleases(target);
    const before = await s3.keys('locked/');
    const gateway = await startGateway(s3.endpoint, (method, key) => (method === 'DELETE' && key === `locked/builds/${a}/manifest.json` ? 'deny' : 'pass'));
    try {
      await expect(prune(bucket('locked', gateway.endpoint), { keep: 1 })).rejects.toThrow(new RegExp(`prune stopped at build ${a}: DELETE .*AccessDenied[^]*the build is left whole`));
    } finally {
      await gateway.close();
    }
    expect(await s3.keys('locked/')).toEqual(before);
  });

  it('when a bundle cannot be removed, stops with the build unpromotable, and a re-run finishes it', async () => {
    const target = bucket('partial');
    const { a } = await twoReleases(target);
    const bundle = `partial/builds/${a}/${builds.a.manifest.environments.prod!.file}`;
    const gateway = await startGateway(s3.endpoint, (method, key) => (method === 'DELETE' && key === bundle ? 'deny' : 'pass'));
    try {
      await expect(prune(bucket('partial', gateway.endpoint), { keep: 1 })).rejects.toThrow(/its manifest is gone, so no environment can be pointed at it; re-run tagc prune/);
    } finally {
      await gateway.close();
    }
    expect(ofBuild(await s3.keys('partial/'), a)).toEqual([bundle.slice('partial/'.length)]);
    await expect(promote(target, 'prod', a, { now })).rejects.toThrow('tagc prune removed it');

    const rerun = await prune(target, { keep: 1 });
    expect(rerun.pruned.map((p) => p.buildId)).toEqual([a]);
    expect(ofBuild(await s3.keys('partial/'), a)).toEqual([]);
  });
});

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

describe('tagc prune on a folder', () => {
  it('removes the older build with its folders, and keeps the one dev runs', async () => {
    const dir = join(folders, 'site');
    const target = new DirectoryTarget(dir);
    const { a, b } = await twoReleases(target);
    expect(walk(join(dir, 'builds', a)).filter((f) => f.endsWith('.min.js.gz'))).toHaveLength(3);
    const report = await prune(target, { keep: 1 });
    expect(report.pruned.map((p) => p.buildId)).toEqual([a]);
    // A .gz beside its file is part of that object: removed with it, never listed on its own.
    expect(report.pruned[0]!.keys.filter((k) => k.endsWith('.gz'))).toEqual([]);
    expect(existsSync(join(dir, 'builds', a))).toBe(false);
    expect(existsSync(join(dir, 'private', 'maps', a))).toBe(false);
    const left = walk(dir).map((f) => relative(dir, f));
    expect(left.some((f) => f.startsWith(`builds/${b}/`))).toBe(true);
    expect(left.filter((f) => f.includes(a))).toEqual([]);
  });
});

describe('tagc prune (command)', () => {
  const run = (args: string[]) => tagcInProcess(args);

  it('prints the plan with --dry-run, then removes, and refuses a --keep below 1', async () => {
    const dir = join(folders, 'cli');
    const { a, b } = await twoReleases(new DirectoryTarget(dir));
    const dry = await run(['prune', '--to', dir, '--keep', '1', '--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`dry run: nothing is removed. ${dir}: each environment keeps its last 1 build(s)`);
    expect(dry.stdout).toContain(`  kept ${b}  (dev)`);
    expect(dry.stdout).toContain(`  would remove ${a}  `);
    expect(existsSync(join(dir, 'builds', a))).toBe(true);

    const json = await run(['prune', '--to', dir, '--keep', '1', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ keep: 1, dryRun: false, pruned: [{ buildId: a }], unreleased: [] });
    expect(existsSync(join(dir, 'builds', a))).toBe(false);

    const zero = await run(['prune', '--to', dir, '--keep', '0']);
    expect(zero.status).not.toBe(0);
    expect(zero.stderr).toContain('--keep must be a whole number of at least 1');
  });
});
