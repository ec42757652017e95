import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/container';

// The precompiled compiler (compiler/cli/precompiled.js) bundles the pure-JavaScript packages a
// build loads at start-up (zod, acorn, ajv) and leaves the others external; the files of the
// bundled packages are part of its key, so an updated package is never run stale.

const CACHE = join(REPO, 'node_modules', '.cache', `tagc-precompiled-test-${process.pid}`);
afterAll(() => rmSync(CACHE, { recursive: true, force: true }));

describe('the precompiled compiler', () => {
  it('bundles zod, acorn and ajv, keys on their files, and leaves native and other packages external', () => {
    const r = spawnSync(process.execPath, [join(REPO, 'compiler', 'cli', 'bin.js'), 'help'], { env: { ...process.env, TAGC_COMPILE_CACHE: CACHE, TAGC_DEBUG_PRECOMPILE: '1' }, encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const { key, inputs } = JSON.parse(readFileSync(join(CACHE, 'current.json'), 'utf8')) as { key: string; inputs: string[] };
    for (const pkg of ['zod', 'acorn', 'ajv']) expect(inputs.some((f) => f.startsWith(`node_modules/${pkg}/`))).toBe(true);
    expect(inputs).toContain('compiler/cli/main.ts');
    const code = readdirSync(join(CACHE, key))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(CACHE, key, f), 'utf8'))
      .join('\n');
    const imported = new Set([...code.matchAll(/(?:from|import\()\s*["']([^"'./][^"']*)["']/g)].map((m) => m[1]));
    for (const pkg of ['zod', 'acorn', 'ajv', 'ajv/dist/2020.js']) expect(imported.has(pkg)).toBe(false);
    for (const pkg of ['esbuild', '@swc/core', 'typescript/unstable/async']) expect(imported.has(pkg)).toBe(true);
  }, 180_000);
});
