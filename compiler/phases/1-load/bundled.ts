import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { Plugin } from 'esbuild';
import { esbuild, LARGE_PROJECT_MODULES, releaseService } from '../../esbuild-api';
import { groupModule, loadGroups, memberExport, type LoadGroup } from './load-groups';

// The fast way to load a container: esbuild bundles every declaration module (and what they
// import from the project) into one CommonJS script, evaluated once. Importing module by module
// through tsx cost about 1 ms a module on the loader thread, seconds for thousands of rules.
// Packages stay external (required from the project root). The modules' values are what an
// import gives: each module's exports, with its functions' source as esbuild prints it.
//
// A large project's modules reach esbuild joined into group modules where a scan can vouch for
// them (./load-groups.ts). Whatever goes wrong with the groups (the bundle does not build, a
// module throws, or a project module imports a grouped one, which would then run twice), the
// bundle is made again without them, as it was before; the load falls back to module-by-module
// imports only when that fails too, so a failure is still located at its own file. At 5,000
// rules (the load alone, cold, 6 interleaved pairs, medians): wall 4.58 -> 2.71 s, esbuild's CPU
// 2.06 -> 0.59 s and its peak 352 -> 129 MB, node's CPU 1.09 -> 1.15 s (main thread 0.84 -> 0.78,
// the scan and reads included). Each group is required once: a require per member copied the
// group's 100 getters each time, and node's CPU was 1.33 -> 2.28 s.

export type Imported = { mod: Record<string, unknown> } | { error: unknown };

type Bundled = { imports: Map<string, Imported>; sources: string[] };

const GROUP = 'tagc-load-group';

/**
 * Every module's exports by absolute path, and every project file the bundle read (absolute;
 * packages are external, so none of theirs), or null when the bundle does not build or a module
 * throws while evaluating: the caller then imports module by module, which locates each failure
 * (and keeps a failed dependency an error in each module that imports it). `grouped`: whether
 * modules may be joined (a large project's, by default).
 */
export async function bundledImports(root: string, paths: readonly string[], grouped?: boolean): Promise<Bundled | null> {
  const unique = [...new Set(paths)];
  const large = unique.length >= LARGE_PROJECT_MODULES;
  if (grouped ?? large) {
    const groups = loadGroups(unique, (abs) => {
      try {
        return readFileSync(abs, 'utf8');
      } catch {
        return '';
      }
    });
    const got = groups.length ? await bundle(root, unique, groups, large) : null;
    if (got) return got;
  }
  return bundle(root, unique, [], large);
}

async function bundle(root: string, unique: readonly string[], groups: readonly LoadGroup[], large: boolean): Promise<Bundled | null> {
  const member = new Map<string, string>();
  // A group is required once: each require of an ES module copies its exports (100 getters a group).
  groups.forEach((g, k) => g.members.forEach((m, i) => member.set(m.abs, `(groups[${k}] ??= require(${JSON.stringify(`${GROUP}:${k}`)})).${memberExport(i)}`)));
  const value = (p: string) => (member.has(p) ? `{ default: ${member.get(p)!} }` : `require(${JSON.stringify(p)})`);
  const entry = `${groups.length ? 'const groups = [];\n' : ''}module.exports = [\n${unique.map((p) => `(() => { try { return { mod: ${value(p)} }; } catch (error) { return { error }; } })()`).join(',\n')}\n];\n`;
  // Each group is a file of its members' folder to esbuild (so the folder's tsconfig applies as to them), made here.
  const files = new Map(groups.map((g, k) => [join(g.dir, `__tagc-load-${k}.ts`), g]));
  const paths = [...files.keys()];
  const plugins: Plugin[] = groups.length
    ? [
        {
          name: GROUP,
          setup(build) {
            build.onResolve({ filter: new RegExp(`^${GROUP}:`) }, (a) => ({ path: paths[Number(a.path.slice(GROUP.length + 1))]! }));
            build.onLoad({ filter: /__tagc-load-\d+\.ts$/ }, (a) => {
              const group = files.get(a.path);
              return group && { contents: groupModule(group), loader: 'ts' };
            });
          },
        },
      ]
    : [];
  let code: string;
  let sources: string[];
  try {
    const result = await esbuild.build({
      stdin: { contents: entry, resolveDir: root, sourcefile: 'tagc-declarations.cjs', loader: 'js' },
      absWorkingDir: root,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins,
    });
    code = result.outputFiles[0].text;
    sources = Object.keys(result.metafile.inputs)
      .filter((f) => f !== 'tagc-declarations.cjs')
      .map((f) => join(root, f))
      .filter((f) => !files.has(f));
  } catch {
    return null;
  } finally {
    // What esbuild grew for the declarations (about 130 MB at 5,000 rules grouped, 350 MB not) would sit idle through validation.
    if (large) releaseService();
  }
  // A grouped module that another imports would run twice (in its group, and as itself).
  if (sources.some((f) => member.has(f))) return null;
  sources.push(...member.keys());
  const module: { exports: Imported[] } = { exports: [] };
  try {
    const run = runInThisContext(`(function (require, module, exports) {${code}\n})`, { filename: join(root, 'tagc-declarations.cjs') }) as (require: NodeJS.Require, m: typeof module, e: unknown) => void;
    run(createRequire(join(root, 'package.json')), module, module.exports);
  } catch {
    return null;
  }
  if (module.exports.length !== unique.length || module.exports.some((r) => 'error' in r)) return null;
  return { imports: new Map(unique.map((p, i) => [p, module.exports[i]!])), sources };
}
