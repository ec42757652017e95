import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { Staging } from '../../compiler/phases/5-emit/staging';

// The compiler writes each environment's files into a staging folder as soon as they are made,
// before the network proof and tsc have answered; only publish() may make them visible in build/.

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** An output folder holding a previous build's prod bundle and a file of the user's. */
function previousBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'tagc-staging-'));
  roots.push(root);
  const outDir = join(root, 'build');
  mkdirSync(join(outDir, 'prod'), { recursive: true });
  writeFileSync(join(outDir, 'prod', 'old.js'), 'old bundle');
  writeFileSync(join(outDir, 'manifest.json'), '{"old":true}');
  writeFileSync(join(outDir, 'kept.txt'), 'not the compiler’s');
  return outDir;
}

/** A staging of `outDir` with `files` (relative paths) written into it. */
function staged(outDir: string, files: Record<string, string>): Staging {
  const staging = new Staging(outDir);
  for (const [path, text] of Object.entries(files)) staging.write(path, text);
  return staging;
}

const visible = (dir: string) => readdirSync(dir).filter((f) => !f.startsWith('.')).sort();

describe('the staging folder of a build', () => {
  it('shows nothing of a staged file until published, then replaces each written folder whole', () => {
    const outDir = previousBuild();
    const staging = staged(outDir, { 'prod/container.abc.min.js': 'new bundle', 'prod/graph.json': '{}', 'manifest.json': '{"new":true}' });
    expect(readdirSync(join(outDir, 'prod'))).toEqual(['old.js']);
    expect(readFileSync(join(outDir, 'manifest.json'), 'utf8')).toBe('{"old":true}');
    staging.publish();
    expect(readdirSync(join(outDir, 'prod')).sort()).toEqual(['container.abc.min.js', 'graph.json']);
    expect(readFileSync(join(outDir, 'prod', 'container.abc.min.js'), 'utf8')).toBe('new bundle');
    expect(readFileSync(join(outDir, 'manifest.json'), 'utf8')).toBe('{"new":true}');
    expect(readdirSync(outDir).sort()).toEqual(['kept.txt', 'manifest.json', 'prod']);
  });

  it('leaves the previous build as it was when discarded, and drops what is written after', () => {
    const outDir = previousBuild();
    const staging = staged(outDir, { 'prod/container.abc.min.js': 'new bundle', 'test/container.def.min.js': 'new bundle' });
    staging.discard();
    // esbuild goes on after a failed build: its late files must not bring the staging folder back.
    staging.write('stg/container.ghi.min.js', 'late bundle');
    expect(readdirSync(outDir).sort()).toEqual(['kept.txt', 'manifest.json', 'prod']);
    expect(readdirSync(join(outDir, 'prod'))).toEqual(['old.js']);
    expect(() => staging.publish()).toThrow();
    expect(readdirSync(join(outDir, 'prod'))).toEqual(['old.js']);
  });

  it('leaves no output folder behind when a first build fails', () => {
    const root = mkdtempSync(join(tmpdir(), 'tagc-staging-'));
    roots.push(root);
    const outDir = join(root, 'out', 'build');
    const staging = staged(outDir, { 'prod/container.abc.min.js': 'new bundle' });
    expect(existsSync(outDir)).toBe(true);
    staging.discard();
    expect(readdirSync(root)).toEqual([]);
  });

  it('creates the output folder on publish when there was none', () => {
    const root = mkdtempSync(join(tmpdir(), 'tagc-staging-'));
    roots.push(root);
    const outDir = join(root, 'build');
    const staging = staged(outDir, { 'prod/container.abc.min.js': 'new bundle', 'manifest.json': '{}' });
    staging.publish();
    expect(readdirSync(outDir).sort()).toEqual(['manifest.json', 'prod']);
    expect(visible(join(outDir, 'prod'))).toEqual(['container.abc.min.js']);
  });

  it('is all or nothing: when one folder cannot be moved in, every folder already moved goes back', () => {
    const outDir = previousBuild();
    const staging = staged(outDir, { 'manifest.json': '{"new":true}', 'test/container.def.min.js': 'new test bundle', 'prod/container.abc.min.js': 'new bundle' });
    // The staged prod folder goes missing before the publish (a cleaner, a failed disk): the
    // manifest and test/ are moved in first, then prod/ cannot be.
    const stagingDir = readdirSync(outDir).find((f) => f.startsWith('.staging-'))!;
    rmSync(join(outDir, stagingDir, 'prod'), { recursive: true });
    expect(() => staging.publish()).toThrow(/ENOENT/);
    expect(readdirSync(outDir).sort()).toEqual(['kept.txt', 'manifest.json', 'prod']);
    expect(readdirSync(join(outDir, 'prod'))).toEqual(['old.js']);
    expect(readFileSync(join(outDir, 'prod', 'old.js'), 'utf8')).toBe('old bundle');
    expect(readFileSync(join(outDir, 'manifest.json'), 'utf8')).toBe('{"old":true}');
  });

  it("removes the staging folder a killed build left, and not a running build's", () => {
    const outDir = previousBuild();
    // A process that has ended: its pid is no longer running.
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const killed = join(outDir, `.staging-${dead}-1767225600000`);
    const running = join(outDir, `.staging-${process.ppid}-1767225600000`);
    for (const dir of [killed, running]) {
      mkdirSync(join(dir, 'prod'), { recursive: true });
      writeFileSync(join(dir, 'prod', 'container.abc.min.js'), 'staged');
    }
    const staging = staged(outDir, { 'prod/container.def.min.js': 'new bundle' });
    expect(existsSync(killed)).toBe(false);
    expect(existsSync(running)).toBe(true);
    staging.publish();
    expect(readdirSync(outDir).sort()).toEqual([`.staging-${process.ppid}-1767225600000`, 'kept.txt', 'manifest.json', 'prod']);
    expect(readdirSync(join(outDir, 'prod'))).toEqual(['container.def.min.js']);
  });

  it('puts back the previous build a build killed while publishing had set aside, and leaves a running one its own', () => {
    const outDir = previousBuild();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    // Killed between its renames: the old prod set aside, the new one moved in; manifest.json not reached.
    mkdirSync(join(outDir, `prod.old-${dead}`));
    writeFileSync(join(outDir, `prod.old-${dead}`, 'old.js'), 'previous bundle');
    writeFileSync(join(outDir, 'prod', 'old.js'), 'half-published bundle');
    // Killed after setting aside the old test folder, before moving the new one in.
    mkdirSync(join(outDir, `test.old-${dead}`));
    writeFileSync(join(outDir, `test.old-${dead}`, 'old.js'), 'previous test bundle');
    // A build publishing right now (this test's parent process): not touched.
    mkdirSync(join(outDir, `stg.old-${process.ppid}`));
    const staging = staged(outDir, { 'dev/container.def.min.js': 'new bundle' });
    staging.discard();
    expect(readdirSync(outDir).sort()).toEqual(['kept.txt', 'manifest.json', 'prod', `stg.old-${process.ppid}`, 'test']);
    expect(readFileSync(join(outDir, 'prod', 'old.js'), 'utf8')).toBe('previous bundle');
    expect(readFileSync(join(outDir, 'test', 'old.js'), 'utf8')).toBe('previous test bundle');
  });
});
