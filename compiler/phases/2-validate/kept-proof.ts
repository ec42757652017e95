import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Rule } from '../../../runtime/declare/types';
import { Diagnostics, type Diagnostic } from '../../diagnostics';
import { keptValues, KeptOutputs, packageVersion, sourcesHash } from '../../kept-outputs';
import type { Loaded } from '../1-load';

// The network proof's findings kept between builds (compiler/kept-outputs.ts). The proof reads the
// rule modules and every file TypeScript loads for them (the custom modules they import, the
// runtime's declarations, packages' types), and what it finds depends on nothing else: the
// findings are kept with the list of those files and a hash of each, and a build whose rules,
// project folders' file list and every one of those files are as they were takes them instead of
// starting TypeScript (about 0.8 s of its CPU on this container). Any difference proves again.

/** The findings of one proof, and the files it read (from the root) with the hash of each ('' for one that was not on disk). */
export interface KeptProof {
  files: [string, string][];
  found: Diagnostic[];
}

const isKeptProof = (value: unknown): value is KeptProof => {
  const v = value as Partial<KeptProof> | null;
  return (
    !!v &&
    Array.isArray(v.files) &&
    v.files.every((f) => Array.isArray(f) && typeof f[0] === 'string' && typeof f[1] === 'string') &&
    Array.isArray(v.found) &&
    v.found.every((d) => typeof d?.code === 'string' && typeof d.message === 'string' && typeof d.file === 'string')
  );
};

/** The kept proofs of a project (its file). */
export function keptProofs(file: string | undefined): KeptOutputs<KeptProof> {
  return new KeptOutputs(file, keptValues(isKeptProof));
}

function fileHash(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return '';
  }
}

/** Every file under the project's source folders, by relative path: a module added where an import resolves changes what the proof would load. */
function projectFiles(root: string): string[] {
  return ['rules', 'data-elements', 'schemas', 'runtime'].flatMap((dir) => {
    try {
      return (readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => !f.split(sep).includes('node_modules')).map((f) => `${dir}/${f.split(sep).join('/')}`);
    } catch {
      return [];
    }
  }).sort();
}

let tools: string[] | undefined;
const provingTools = (proof: string | URL) => (tools ??= [packageVersion('typescript'), sourcesHash(proof)]);

/**
 * `prove()` (which reports into the Diagnostics it is given and answers the files TypeScript
 * loaded), or the findings kept from a proof of the same rules and files.
 */
export async function keptProof(kept: KeptOutputs<KeptProof>, root: string, rules: Loaded<Rule>[], proofModule: string | URL, diagnostics: Diagnostics, prove: (found: Diagnostics) => Promise<string[]>): Promise<void> {
  const key = kept.key(provingTools(proofModule), projectFiles(root), rules.map((r) => [relative(root, r.abs), r.exportName]));
  const before = kept.get(key);
  // Files by their path from the root: another tree of the project (tagc diff's base) shares
  // the kept proofs, and must compare its own files.
  if (before && before.files.every(([file, hash]) => fileHash(resolve(root, file)) === hash)) {
    diagnostics.list.push(...before.found);
    return;
  }
  const found = new Diagnostics();
  const files = await prove(found);
  kept.set(key, { files: files.map((f) => [relative(root, f), fileHash(f)]), found: found.list });
  diagnostics.list.push(...found.list);
}
