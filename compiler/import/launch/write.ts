import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

// Writes an import without touching what is there: it refuses a target that holds an earlier
// import or any of the files, then writes everything into a staging folder and moves each file
// into place, so that a failure leaves no half-written import behind.

export function writeImport(out: string, files: Record<string, string>): void {
  for (const dir of ['rules/launch', 'data-elements/launch']) {
    if (existsSync(join(out, dir))) throw new Error(`${join(out, dir)} exists (an earlier import?): remove it or choose another --out`);
  }
  const taken = Object.keys(files).filter((f) => existsSync(f));
  if (taken.length) throw new Error(`would overwrite ${taken.map((f) => relative(out, f)).join(', ')}: choose another --out`);
  const staging = join(out, `.tagc-import-${process.pid}`);
  const moved: string[] = [];
  try {
    for (const [file, content] of Object.entries(files)) {
      const staged = join(staging, relative(out, file));
      mkdirSync(dirname(staged), { recursive: true });
      writeFileSync(staged, content);
    }
    for (const file of Object.keys(files)) {
      mkdirSync(dirname(file), { recursive: true });
      renameSync(join(staging, relative(out, file)), file);
      moved.push(file);
    }
  } catch (error) {
    for (const file of moved) rmSync(file, { force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
