import { relative } from 'node:path';
import type { Rule } from '../../../runtime/declare/types';
import { Diagnostics, type Diagnostic } from '../../diagnostics';
import { filesState, filesUnchanged, isFileStates, keptValues, KeptOutputs, projectFiles, workingCode, type FileStates } from '../../kept-outputs';
import type { Loaded } from '../1-load';

// The network proof's findings kept between builds (compiler/kept-outputs.ts). The proof reads the
// rule modules and every file TypeScript loads for them (the custom modules they import, the
// runtime's declarations, packages' types), and what it finds depends on nothing else: the
// findings are kept with the list of those files and a hash of each, and a build whose rules,
// project folders' file list and every one of those files are as they were takes them instead of
// starting TypeScript (about 0.8 s of its CPU on this container). Any difference proves again.

/** The findings of one proof, and the files it read (from the root) with the state of each (kept-outputs.ts, fileState). */
export interface KeptProof {
  files: FileStates;
  found: Diagnostic[];
}

const isKeptProof = (value: unknown): value is KeptProof => {
  const v = value as Partial<KeptProof> | null;
  return !!v && isFileStates(v.files) && Array.isArray(v.found) && v.found.every((d) => typeof d?.code === 'string' && typeof d.message === 'string' && typeof d.file === 'string');
};

/** The kept proofs of a project (its file). */
export function keptProofs(file: string | undefined): KeptOutputs<KeptProof> {
  return new KeptOutputs(file, keptValues(isKeptProof));
}

/**
 * `prove()` (which reports into the Diagnostics it is given and answers the files TypeScript
 * loaded), or the findings kept from a proof of the same rules and files.
 */
export async function keptProof(kept: KeptOutputs<KeptProof>, root: string, rules: Loaded<Rule>[], proofModule: string | URL, diagnostics: Diagnostics, prove: (found: Diagnostics) => Promise<string[]>): Promise<void> {
  const key = kept.key(workingCode(proofModule, ['typescript']), projectFiles(root), rules.map((r) => [relative(root, r.abs), r.exportName]));
  const before = kept.get(key);
  // Files by their path from the root: another tree of the project (tagc diff's base) shares
  // the kept proofs, and must compare its own files.
  if (before && filesUnchanged(root, before.files)) {
    diagnostics.list.push(...before.found);
    return;
  }
  const found = new Diagnostics();
  const files = await prove(found);
  kept.set(key, { files: filesState(root, files), found: found.list });
  diagnostics.list.push(...found.list);
}
