import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagcInProcess } from '../helpers/cli';
import { REPO, removeContainer } from '../helpers/container';

// `tagc init` into an empty folder: the new container builds, simulates, writes what the viewer
// reads, and its own test passes (its build is the one the others read). The folder sits inside the repository so that its test finds
// vitest; `tagc` is this checkout, linked in as the installed package. `tagc init` runs as a
// process, and the container's own test runs `tagc build` and `tagc simulate` as processes (a
// shell's way); the simulation and the refusal below call the same main() in this process
// (tests/helpers/cli.ts), which does not load the compiler again.

const BIN = join(REPO, 'compiler', 'cli', 'bin.js');
const ROOT = join(REPO, '.tagc-tmp', `init-${process.pid}`);
const run = (args: string[], cwd = ROOT) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, TAGC_ROOT: cwd }, timeout: 180_000 });

let init: ReturnType<typeof run>;
/**
 * The new container's own test, run once: it builds prod (`tagc build --env prod`, as a shell
 * runs it), the build the tests below read, instead of a build of their own before it.
 */
let ownTest: ReturnType<typeof run> | undefined;
const runOwnTest = () => (ownTest ??= run([join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), 'run']));
beforeAll(() => {
  removeContainer(ROOT);
  init = run([BIN, 'init', ROOT, '--domain', 'shop.example'], REPO);
  mkdirSync(join(ROOT, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(ROOT, 'node_modules', 'tagc'), 'dir');
});
afterAll(() => removeContainer(ROOT));

describe('tagc init', () => {
  it('writes a site config, a schema, a data element, a rule, a scenario, a package.json depending on tagc, a tsconfig and a test', () => {
    expect(init.status, init.stderr).toBe(0);
    for (const f of ['rules/site.config.ts', 'schemas/page-load-completed.ts', 'data-elements/page.ts', 'rules/page-view-pixel.ts', 'scenarios/page-view.json', 'tsconfig.json', 'tests/page-view.test.ts']) expect(existsSync(join(ROOT, f)), f).toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.dependencies.tagc).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(pkg.scripts.test).toBe('vitest run');
  });

  it('builds the new container, with the graph and manifest the viewer reads', () => {
    const r = runOwnTest();
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'build', 'manifest.json'), 'utf8'));
    expect(manifest.simulate.url).toBe('https://www.shop.example/');
    expect(manifest.simulate.allowedDomains).toEqual(['shop.example', 'localhost']);
    const graph = JSON.parse(readFileSync(join(ROOT, 'build', manifest.environments.prod.graph), 'utf8'));
    expect(graph.rules.map((x: { id: string }) => x.id)).toEqual(['page-view-pixel']);
  });

  it('simulates: the rule fires on its scenario and sends the page name', async () => {
    const r = await tagcInProcess(['simulate', '--push', JSON.stringify({ event: 'Page Load Completed', page: { pageName: 'cart' } })], ROOT);
    expect(r.status, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.url).toBe('https://www.shop.example/');
    expect(result.requests.map((x: { url: string }) => x.url)).toEqual(['https://pixel.shop.example/pv?name=cart']);
  });

  it('passes its own test', () => {
    const r = runOwnTest();
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 passed/);
  });

  it('refuses a folder that already holds files, and leaves them as they were', async () => {
    const dir = join(REPO, '.tagc-tmp', `init-full-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = await tagcInProcess(['init', dir], REPO);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('is not empty');
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, 'package.json'))).toBe(false);
    removeContainer(dir);
  });
});
