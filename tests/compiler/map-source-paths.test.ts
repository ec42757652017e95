import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initContainer } from '../../compiler/init';
import { shownSourceName } from '../../compiler/phases/5-emit/source-names';
import { tagcInProcess } from '../helpers/cli';
import { REPO } from '../helpers/container';

// A container outside this checkout, with tagc linked in as its installed package (npm link, a
// workspace): its bundles are built from tagc's runtime, which esbuild finds through the link at
// the checkout's real path. No output file may name the build machine's folders: not the
// checkout, not the project's or the output's folder (both under a marked temporary folder).

const MARKER = 'tagcMapMarker7f3';
const dir = mkdtempSync(join(tmpdir(), `${MARKER}-`));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const filesUnder = (d: string): string[] => readdirSync(d, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));

describe('source maps of a container whose tagc is linked from a checkout elsewhere', () => {
  it('name every source from the project root, and no output file holds a path of the build machine', async () => {
    const root = join(dir, 'shop');
    const out = join(dir, `out-${MARKER}`);
    // The files `tagc init` writes, written in this process (tests/foundation/init.test.ts runs the command).
    initContainer(root);
    mkdirSync(join(root, 'node_modules', '@types'), { recursive: true });
    symlinkSync(REPO, join(root, 'node_modules', 'tagc'), 'dir');
    symlinkSync(join(REPO, 'node_modules', '@types', 'node'), join(root, 'node_modules', '@types', 'node'), 'dir');
    // `tagc build` through main() in this process (tests/helpers/cli.ts; tests/foundation/cli.test.ts
    // runs the bin): esbuild resolves from the project root it is given, not from the process's folder.
    const build = await tagcInProcess(['build', '--out', out], root);
    expect(build.status, build.stdout + build.stderr).toBe(0);

    const files = filesUnder(out);
    const maps = files.filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThanOrEqual(5);
    for (const file of maps) {
      const map = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; sourcesContent: (string | null)[] };
      expect(map.sources.filter((s) => s.startsWith('/') || s.split('/').includes('..')), file).toEqual([]);
      // The runtime is named where the project finds it; the entry imports it by that name.
      expect(map.sources, file).toContain('node_modules/tagc/runtime/core/start.ts');
      const entry = map.sourcesContent[map.sources.findIndex((s) => s.startsWith('tagc-entry-'))] ?? '';
      expect(entry).toContain('from "./node_modules/tagc/runtime/core/start.ts"');
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text.includes(MARKER), file).toBe(false);
      expect(text.includes(REPO), file).toBe(false);
    }
  }, 240_000);

  it('names a module outside the root by where the project finds it', () => {
    expect(shownSourceName('/p/shop', 'rules/a.ts')).toBe('rules/a.ts');
    expect(shownSourceName('/p/shop', `${'../'.repeat(6)}${REPO.slice(1)}/runtime/core/start.ts`)).toBe('node_modules/tagc/runtime/core/start.ts');
    expect(shownSourceName('/p/shop', '../node_modules/zod/index.js')).toBe('node_modules/zod/index.js');
    expect(shownSourceName('/p/shop', '../elsewhere/x.ts')).toBe('x.ts');
  });
});
