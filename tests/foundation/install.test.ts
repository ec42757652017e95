import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../compiler/graph-types';
import { REPO } from '../helpers/container';
import { MEMORY_TMP } from '../helpers/memory-tmp';

// The CLI as a platform team installs it: `npm pack` of this repository, installed with
// --omit=dev into a folder outside it (so nothing resolves from the repository's node_modules),
// next to a copy of the container. npm answers from its cache where it can; the folder is on a
// memory file system where there is one (tests/helpers/memory-tmp.ts).

let dir: string;
let project: string;

type Run = { status: number | null; stdout: string; stderr: string };

function exec(command: string, args: string[], cwd: string): Promise<Run> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_package_|npm_lifecycle_|INIT_CWD$|TAGC_)/.test(k)));
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const tagc = (...args: string[]) => exec(join(project, 'node_modules', '.bin', 'tagc'), args, project);

beforeAll(async () => {
  dir = mkdtempSync(join(MEMORY_TMP, 'tagc-install-'));
  const pack = await exec('npm', ['pack', '--pack-destination', dir, '--json'], REPO);
  expect(pack.status, pack.stderr).toBe(0);
  const tarball = join(dir, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);

  project = join(dir, 'container');
  mkdirSync(project);
  // Without the generated types: tagc check writes them.
  for (const folder of ['rules', 'data-elements', 'schemas', 'runtime']) cpSync(join(REPO, folder), join(project, folder), { recursive: true, filter: (src) => !/[/\\]generated([/\\]|$)/.test(src) });
  const own = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { type: string; sideEffects: boolean };
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'firm-container', version: '1.0.0', private: true, type: own.type, sideEffects: own.sideEffects }));
  // The container's own tsconfig: the repository's options over the container's folders only.
  const ts = JSON.parse(readFileSync(join(REPO, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...ts.compilerOptions, types: [] }, include: ['rules', 'data-elements', 'schemas', 'runtime'] }));

  const install = await exec('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball], project);
  expect(install.status, install.stderr).toBe(0);
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed CLI installed with --omit=dev', () => {
  it('installs the run-time dependencies and none of the development ones', () => {
    for (const pkg of ['tsx', 'zod', 'ajv', 'esbuild', 'sirv', 'happy-dom', '@sinonjs/fake-timers', 'json-schema-to-typescript', 'typescript', '@aws-sdk/client-s3', '@gfx/zopfli']) expect(existsSync(join(project, 'node_modules', pkg, 'package.json')), pkg).toBe(true);
    for (const pkg of ['vitest', 'vite', 'react', 's3rver', 'playwright-core']) expect(existsSync(join(project, 'node_modules', pkg)), pkg).toBe(false);
    expect(existsSync(join(project, 'node_modules', 'tagc', 'tests'))).toBe(false);
  });

  it('checks the container: compile diagnostics, generated types, tsc', async () => {
    const r = await tagc('check');
    expect(r.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('generated schemas/generated/payloads.ts');
    expect(r.stdout).toContain('tagc check: no errors');
  });

  it('builds every environment and publishes the build to a folder', async () => {
    const build = await tagc('build');
    expect(build.status, build.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(project, 'build', 'manifest.json'), 'utf8')) as Manifest;
    expect(Object.keys(manifest.environments).sort()).toEqual(['dev', 'internal', 'prod', 'stg', 'test']);
    expect(manifest.environments.prod!.rules).toBeGreaterThan(50);
    // The installed package's zopfli workers encode prod's bundle, the one checked below (the
    // smallest: 80 KB, about 0.2 s of zopfli where dev's 280 KB took 1.1 s); the other six objects
    // are answered from the project's gzip cache, filled here with gzip -9 bytes of them (about
    // 4 s of zopfli less; zopfli's bytes are tests/publish's subject, not this file's), under the
    // installed package's keys (which name the zopfli version it installed).
    const { gzipKey } = (await import(join(project, 'node_modules', 'tagc', 'compiler', 'publish', 'gzip-cache.ts'))) as typeof import('../../compiler/publish/gzip-cache');
    const cache = join(project, 'node_modules', '.cache', 'tagc', 'gzip');
    mkdirSync(cache, { recursive: true });
    const others = Object.entries(manifest.environments).flatMap(([env, e]) => [...(env === 'prod' ? [] : [e.file]), ...(e.debug ? [e.debug.file] : [])]);
    for (const file of others) {
      const content = readFileSync(join(project, 'build', file));
      writeFileSync(join(cache, `${gzipKey(content)}.gz`), gzipSync(content, { level: 9 }));
    }

    const publish = await tagc('publish', '--to', join(dir, 'public'), '--commit', 'c0ffee0c0ffee0c0ffee0c0ffee0c0ffee0c0ffe');
    expect(publish.status, publish.stderr).toBe(0);
    expect(publish.stdout).toContain(`${others.length} of them from the gzip cache`);
    const dev = readFileSync(join(project, 'build', manifest.environments.dev!.file));
    expect(readFileSync(join(dir, 'public', 'dev', 'container.min.js')).equals(dev)).toBe(true);
    expect(gunzipSync(readFileSync(join(dir, 'public', 'dev', 'container.min.js.gz'))).equals(dev)).toBe(true);
    // Precompressed on the installed package's worker threads (compiler/publish/gzip-worker.js and @gfx/zopfli).
    const [id] = readdirSync(join(dir, 'public', 'builds'));
    const prod = manifest.environments.prod!.file;
    expect(gunzipSync(readFileSync(join(dir, 'public', 'builds', id!, `${prod}.gz`))).equals(readFileSync(join(project, 'build', prod)))).toBe(true);
  });

  it('says what bench needs when the optional playwright-core is absent', async () => {
    const r = await tagc('bench');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('tagc bench: needs playwright-core (npm install playwright-core)');
  });
});
