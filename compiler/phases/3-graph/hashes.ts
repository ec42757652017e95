import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import * as esbuild from 'esbuild';
import type { Project } from '../../project';
import type { Loaded, LoadResult } from '../1-load';
import { markDeclarationsPure } from '../5-emit/bundle';

// A content hash per declaration (rule, data element, schema): over the code esbuild keeps for
// that one export, which is its own source plus every project module it imports (transitively,
// tree-shaken), minified so that comments and formatting do not count. The runtime and packages
// are left out (imports kept by name), so a change in custom code or in a helper module a
// declaration imports changes its hash, and nothing else does. All declarations are one esbuild
// run (its own process, so it overlaps the compiler's other phases).

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key of a loaded declaration in the hash map. */
export const declarationKey = (d: Pick<Loaded<unknown>, 'file' | 'exportName'>): string => `${d.file}#${d.exportName}`;

/**
 * Entry points per esbuild run. esbuild links every entry point of one run against the whole
 * module graph, so one run over all declarations grows with their square (11 s and gigabytes at
 * 5,000 rules); runs of a few hundred keep it linear. Each entry point is its own output, so the
 * batching changes no hash.
 */
const BATCH = 256;

type Entry = { in: string; out: string };

function hashBuild(p: Project, entryPoints: Entry[]): Promise<esbuild.BuildResult<{ write: false }>> {
  return esbuild.build({
    entryPoints,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    outdir: 'out',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    absWorkingDir: p.root,
    // The runtime is the tool's, not the declaration's: kept as an import (matched after resolution).
    external: ['./runtime/*'],
    // A project whose runtime/ links to the tool's (tagc diff's base worktree) keeps it external too.
    preserveSymlinks: true,
    plugins: [
      {
        name: 'tagc-pure-data-elements',
        setup(build: esbuild.PluginBuild) {
          // As in the bundles: data-element declarations are pure, so one export leaves its siblings out.
          build.onLoad({ filter: new RegExp(`^${escapeRegExp(p.dataElementsDir + sep)}.*\\.ts$`) }, async (a: esbuild.OnLoadArgs) => ({ contents: markDeclarationsPure(await readFile(a.path, 'utf8')), loader: 'ts' }));
        },
      },
    ],
  });
}

export async function declarationHashes(p: Project, load: LoadResult, batch: number = BATCH): Promise<Map<string, string>> {
  // Rule and schema modules default-export their one declaration: the module is the entry. A data
  // element is one export of a module: a one-line module re-exporting it is its entry.
  const stubs = mkdtempSync(join(tmpdir(), 'tagc-hash-'));
  const entries = new Map<string, Loaded<unknown>>();
  const entryPoints: Entry[] = [];
  [...load.rules, ...load.schemas, ...load.dataElements].forEach((d, i) => {
    let input = d.abs;
    if (d.exportName !== 'default') {
      input = join(stubs, `${i}.ts`);
      writeFileSync(input, `export { ${d.exportName} } from ${JSON.stringify(d.abs)};\n`);
    }
    entries.set(String(i), d);
    entryPoints.push({ in: input, out: String(i) });
  });
  const hashes = new Map<string, string>();
  try {
    // One run at a time: esbuild spreads each over every core, and the bundles share its process.
    for (let start = 0; start < entryPoints.length; start += batch) {
      const result = await hashBuild(p, entryPoints.slice(start, start + batch));
      for (const file of result.outputFiles) {
        const d = entries.get(file.path.slice(file.path.lastIndexOf(sep) + 1).replace(/\.js$/, ''));
        if (d) hashes.set(declarationKey(d), createHash('sha256').update(file.text).digest('hex').slice(0, 16));
      }
    }
  } finally {
    rmSync(stubs, { recursive: true, force: true });
  }
  return hashes;
}
