import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishReport } from '../../compiler/publish';
import type { ReleaseHistory } from '../../compiler/publish/release-types';
import { tagcInProcess } from '../helpers/cli';
import { container, REPO, removeContainer } from '../helpers/container';
import { withEnv } from '../helpers/env';
import { startS3, type LocalS3 } from '../helpers/s3';

// The publishing commands as a platform team runs them: tagc build, then publish to a local S3
// protocol server, promote the build to prod, roll back, list the releases, print the snippet.
// The first publish runs the installed bin (a new process); the rest, and the builds, call the
// same main() in this process, which keeps the file fast (tests/foundation/cli.test.ts runs
// `tagc build` as a shell does).

const BIN = join(REPO, 'compiler', 'cli', 'bin.js');
let s3: LocalS3;
let root: string;
const HEAD = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).stdout.trim();

function tagc(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { GITHUB_SHA: _sha, GITHUB_ACTIONS: _ci, TAGC_PUBLISH_TO: _to, ...rest } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: root, env: { ...rest, TAGC_ROOT: root, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * The environments built: dev, which publish points at the build, and prod, which promote and
 * rollback move. Each publish of a new build encodes every bundle and debug companion by zopfli;
 * test's and stg's bundles (about 280 KB each, 1.1 s of zopfli) and internal's would be encoded
 * for nothing read here (tests/publish/s3 publishes builds of several environments).
 */
const ENVS = ['--env', 'dev', '--env', 'prod'];

/** What CI sets that would choose the commit or the target: unset for the runs below, as for the bin's. */
const UNSET = { GITHUB_SHA: undefined, GITHUB_ACTIONS: undefined, TAGC_PUBLISH_TO: undefined };

/** `tagc <args>` through main() in this process, in the container, with `env` set for the run. */
const run = (args: string[], env: Record<string, string | undefined> = {}) => withEnv({ ...UNSET, ...env }, () => tagcInProcess(args, root));

beforeAll(async () => {
  s3 = await startS3();
  // `tagc build` type-checks: runtime/ is the real one, so the generated payload types augment it.
  root = container(
    'publish-cli',
    {
      'schemas/page-load-completed.ts': `import { eventSchema } from '../runtime/declare';\nexport default eventSchema({ event: 'Page Load Completed', description: 'x', schema: { type: 'object', properties: { event: { const: 'Page Load Completed' } } } });\n`,
      'rules/a.ts': `import { rule } from '../runtime/declare';\nexport default rule({ id: 'a', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] });\n`,
    },
    { linkRuntime: true },
  );
}, 60_000);

afterAll(async () => {
  await s3?.close();
  removeContainer(root);
});

describe('tagc publish, promote, rollback, releases and snippet from the command line', () => {
  const at = () => ['--to', 's3://cdn/tagc', '--endpoint', s3.endpoint];
  const ids: string[] = [];

  it('builds and publishes to the bucket, pointing dev at the build; a re-run uploads nothing', async () => {
    const build = await run(['build', ...ENVS], { SOURCE_DATE_EPOCH: '1767600000' });
    expect(build.status, build.stderr).toBe(0);
    const dry = await run(['publish', ...at(), '--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/^dry run: nothing is written\. build [0-9a-f]{12}-[0-9a-f]{12} \(commit [0-9a-f]{40}\) -> s3:\/\/cdn\/tagc$/m);
    expect(dry.stdout).toContain('would move dev: (no release) -> ');
    expect(await s3.keys('tagc/')).toEqual([]);

    const first = await tagc(['publish', ...at(), '--actor', 'release-bot']);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const id = /^build ([0-9a-f]{12}-[0-9a-f]{12}) \(commit ([0-9a-f]{40})\)/m.exec(first.stdout)!;
    expect(id[2]).toBe(HEAD);
    expect(id[1]!.startsWith(HEAD.slice(0, 12))).toBe(true);
    ids.push(id[1]!);
    expect(first.stdout).toMatch(new RegExp(`^  uploaded builds/${id[1]}/prod/container\\.[0-9a-f]{16}\\.min\\.js +[\\d.]+ KB  text/javascript; charset=utf-8; public, max-age=31536000, immutable$`, 'm'));
    expect(first.stdout).toMatch(/^uploaded and verified \d+ object\(s\), [\d.]+ KB; 0 already there, byte for byte$/m);
    // Each bundle's bytes as stored, gzip-encoded.
    expect(first.stdout).toContain('  stored gzip-encoded (zopfli; Content-Encoding: gzip), bytes as stored:\n');
    expect(first.stdout).toMatch(new RegExp(`^    builds/${id[1]}/prod/container\\.[0-9a-f]{16}\\.min\\.js +[\\d,]+ B -> +[\\d,]+ B$`, 'm'));
    // The dry run encoded the same build: its gzip bytes come from the project's cache, zopfli does not run again.
    expect(dry.stdout).not.toContain('from the gzip cache');
    expect(first.stdout).toMatch(new RegExp(`^  \\d+ of them from the gzip cache \\(${root.replace(/[.]/g, '\\.')}/node_modules/\\.cache/tagc/gzip\\): encoded by an earlier run, not again$`, 'm'));
    expect(first.stdout).toContain(`moved dev: (no release) -> ${id[1]} (publish)\n  wrote dev/container.min.js\n  wrote dev/current.json\n  wrote dev/releases.json`);

    const again = await run(['publish', ...at()]);
    expect(again.stdout).toMatch(new RegExp(`^nothing to upload: all \\d+ objects of ${id[1]} are already there, byte for byte$`, 'm'));
    expect(again.stdout).toContain(`dev already runs ${id[1]}: pointer not moved`);
  });

  it('promotes a build to prod, rolls it back, and lists the releases', async () => {
    expect((await run(['build', ...ENVS], { SOURCE_DATE_EPOCH: '1767700000' })).status).toBe(0);
    const second = await run(['publish', ...at(), '--actor', 'release-bot']);
    ids.push(/^build (\S+)/m.exec(second.stdout)![1]!);
    const [a, b] = ids as [string, string];
    expect(a).not.toBe(b);

    expect((await run(['promote', 'prod', '--build', a, ...at(), '--actor', 'alice'])).stdout).toContain(`moved prod: (no release) -> ${a} (promote)`);
    const promoted = await run(['promote', 'prod', '--build', b, ...at(), '--actor', 'alice']);
    // No viewer in this build (tagc build alone does not make one), so no stable viewer to move.
    // The debug companion goes beside the stable URL first (docs/debugging.md).
    expect(promoted.stdout).toMatch(new RegExp(`^moved prod: ${a} -> ${b} \\(promote\\)\n  wrote prod/debug\\.[0-9a-f]{16}\\.js\n  wrote prod/container\\.min\\.js\n  wrote prod/current\\.json\n  wrote prod/releases\\.json\n$`));
    const rolled = await run(['rollback', 'prod', ...at(), '--actor', 'bob']);
    expect(rolled.stdout.split('\n')[0]).toBe(`moved prod: ${b} -> ${a} (rollback)`);

    const list = await run(['releases', ...at()]);
    expect(list.stdout).toMatch(new RegExp(`^prod: runs ${a}\\n  \\* \\S+  rollback  ${a}  commit ${HEAD.slice(0, 12)}  by bob\\n    \\S+  promote   ${b}  commit \\S+  by alice\\n    \\S+  promote   ${a}  commit \\S+  by alice$`, 'm'));
    expect(list.stdout).toMatch(new RegExp(`^dev: runs ${b}$`, 'm'));
    const json = JSON.parse((await run(['releases', 'prod', ...at(), '--json'])).stdout) as ReleaseHistory[];
    expect(json.map((h) => [h.env, h.releases.map((r) => r.action)])).toEqual([['prod', ['promote', 'promote', 'rollback']]]);
    expect((await run(['rollback', 'prod', '--to', b, ...at()])).stdout).toContain(`moved prod: ${a} -> ${b} (rollback)`);
  });

  it('prints the pinned and the stable embed code', async () => {
    const [a] = ids as [string];
    const r = await run(['snippet', 'prod', '--build', a, ...at(), '--public-url', 'https://cdn.firm.example/tagc']);
    expect(r.stdout).toMatch(new RegExp(`^<script src="https://cdn\\.firm\\.example/tagc/builds/${a}/prod/container\\.[0-9a-f]{16}\\.min\\.js" integrity="sha384-[A-Za-z0-9+/]{64}" crossorigin="anonymous"></script>$`, 'm'));
    expect(r.stdout).toMatch(/^<script src="https:\/\/cdn\.firm\.example\/tagc\/prod\/container\.min\.js"><\/script>$/m);
  });

  it('prints the publish report as JSON with each object as stored, and stores every object as it is with --no-precompress', async () => {
    const folder = join(root, 'published');
    const report = JSON.parse((await run(['publish', '--to', folder, '--json'])).stdout) as PublishReport;
    const bundles = report.objects.filter((o) => /\/container\.[0-9a-f]{16}\.min\.js$/.test(o.key));
    expect(bundles.length).toBeGreaterThan(0);
    for (const o of bundles) expect(o, o.key).toMatchObject({ state: 'upload', contentEncoding: 'gzip', headers: { contentEncoding: 'gzip' } });
    for (const o of bundles) expect(o.storedBytes, o.key).toBe(readFileSync(join(folder, `${o.key}.gz`)).length);
    expect(report.precompress).toBe(true);
    // The build published to the bucket before: every bundle's gzip bytes from the cache.
    expect(report.gzipCache).toEqual({ dir: join(root, 'node_modules', '.cache', 'tagc', 'gzip'), hits: report.objects.filter((o) => o.contentEncoding === 'gzip').length, misses: 0 });

    const plainFolder = join(root, 'published-plain');
    const plain = await run(['publish', '--to', plainFolder, '--no-precompress']);
    expect(plain.stdout).toContain('  not precompressed (--no-precompress): the bundles are stored as they are\n');
    expect(readdirSync(plainFolder, { recursive: true }).map(String).filter((f) => f.endsWith('.gz'))).toEqual([]);
    const again = JSON.parse((await run(['publish', '--to', plainFolder, '--no-precompress', '--json'])).stdout) as PublishReport;
    expect(again).toMatchObject({ precompress: false, move: { unchanged: true } });
    expect(again.objects.filter((o) => o.contentEncoding !== null || o.storedBytes !== o.bytes)).toEqual([]);
  });

  it('explains what is missing and exits non-zero', async () => {
    const noTarget = await run(['publish']);
    expect(noTarget.status).toBe(1);
    expect(noTarget.stderr).toContain('tagc publish: where are the builds published? pass --to s3://<bucket>/<prefix>');
    expect((await run(['promote', 'qa', '--build', ids[0]!, ...at()])).stderr).toContain('unknown environment "qa"');
    expect((await run(['promote', 'prod', ...at()])).stderr).toContain('which build? tagc promote <env> --build <id>');
    expect((await run(['snippet', 'prod', '--to', join(root, 'nowhere')])).stderr).toContain('pass --public-url https://<cdn host>/<prefix> or set TAGC_PUBLIC_URL');
    for (const command of ['publish', 'promote', 'rollback', 'releases', 'snippet']) {
      const help = await run([command, '--help']);
      expect(help.status, command).toBe(0);
      expect(help.stdout, command).toMatch(new RegExp(`^tagc ${command}`));
      expect(help.stdout, command).toContain('--dry-run');
    }
    expect((await run(['publish', '--help'])).stdout).toContain('--no-precompress');
  });
});
