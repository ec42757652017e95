import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuild, LARGE_PROJECT_MODULES, releaseService } from '../../compiler/esbuild-api';
import { bundledImports } from '../../compiler/phases/1-load/bundled';
import { container, removeContainer } from '../helpers/container';

// A large build ends esbuild's service process between its builds (compiler/esbuild-api.ts), so
// that one build's memory is not carried into the next; a call under way is never cut off.

/** This process's running (not yet reaped) esbuild children, from /proc. */
function esbuildChildren(): number[] {
  const pids: number[] = [];
  for (const tid of readdirSync('/proc/self/task')) {
    const children = readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim();
    for (const pid of children ? children.split(/\s+/) : []) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        if (name.startsWith('esbuild') && state !== 'Z') pids.push(Number(pid));
      } catch {
        // The process ended between the two reads.
      }
    }
  }
  return pids;
}

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

describe("esbuild's service between a large build's builds", () => {
  it('lets a call under way finish, then ends the process; the next call starts another', async () => {
    const running = esbuild.transform('const a: number = 1;', { loader: 'ts' });
    releaseService();
    expect((await running).code).toBe('const a = 1;\n');
    await expect.poll(esbuildChildren).toEqual([]);
    expect((await esbuild.transform('let b: string = "x";', { loader: 'ts' })).code).toBe('let b = "x";\n');
    expect(esbuildChildren()).toHaveLength(1);
  });

  it("ends the process after a large project's load, and keeps it after a small one's", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < LARGE_PROJECT_MODULES; i++) files[`rules/r${i}.ts`] = `export default ${i};\n`;
    const root = container('scale-esbuild-service', files);
    roots.push(root);
    const paths = Object.keys(files).map((f) => join(root, f));

    const small = await bundledImports(root, paths.slice(0, 2));
    expect([...small!.imports.values()]).toEqual([{ mod: { default: 0 } }, { mod: { default: 1 } }]);
    expect(esbuildChildren()).toHaveLength(1);

    const large = await bundledImports(root, paths);
    expect(large!.imports.get(paths[LARGE_PROJECT_MODULES - 1])).toEqual({ mod: { default: LARGE_PROJECT_MODULES - 1 } });
    await expect.poll(esbuildChildren).toEqual([]);
  });
});
