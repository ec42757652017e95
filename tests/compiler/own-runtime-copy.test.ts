import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { REPO } from '../helpers/container';

// A container that keeps its own copy of the runtime (as this repository does, as the bench's
// synthetic project does, as a project that vendors tagc's runtime would), built outside this
// checkout: every runtime module of its bundles comes from that copy, the validators' too. Two
// copies of a module would be two instances, each with its own state (the log's buffer, the
// egress point's inventory), and a map would name files the project does not hold.

const dir = mkdtempSync(join(tmpdir(), 'tagc-own-runtime-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Modules esbuild or a map names that are no file: the generated entry and the project function's parts. */
const generated = (name: string) => name.startsWith('tagc-entry-') || name.startsWith('tagc-project:');

describe('a container with its own runtime copy', () => {
  it('bundles each runtime module once, from its own copy, and its maps name only its own files', async () => {
    const root = join(dir, 'shop');
    for (const folder of ['rules', 'data-elements', 'schemas', 'runtime']) cpSync(join(REPO, folder), join(root, folder), { recursive: true, filter: (src) => !/[/\\]generated([/\\]|$)/.test(src) });
    cpSync(join(REPO, 'package.json'), join(root, 'package.json'));
    const out = join(dir, 'out');
    const result = await compile({ root, outDir: out, envs: ['test', 'dev', 'prod'] });

    for (const [env, bundle] of Object.entries(result.bundles)) {
      const files = Object.keys(bundle.inputs ?? {}).filter((f) => !generated(f));
      expect(files.length, env).toBeGreaterThan(50);
      // Validating environments (test, dev) import runtime/validation/, which imports core/log.ts and others.
      if (env !== 'prod') expect(files, env).toContain('runtime/validation/index.ts');
      expect(files.filter((f) => relative(root, resolve(root, f)).startsWith('..')), env).toEqual([]);
      const byRuntimePath = files.map((f) => f.replace(/^.*?\bruntime\//, 'runtime/'));
      expect(byRuntimePath.filter((f, i) => byRuntimePath.indexOf(f) !== i), env).toEqual([]);
    }
    const maps = (readdirSync(out, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThanOrEqual(3);
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(join(out, map), 'utf8')) as { sources: string[] };
      expect(sources.filter((s) => !generated(s) && !existsSync(join(root, s))), map).toEqual([]);
    }
  }, 180_000);
});
