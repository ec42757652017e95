import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { compile } from '../../index';
import { CompileError } from '../../diagnostics';
import { printDiagnostics, rootDir, writeGenerated } from './build';

/** Compiles without emitting (every diagnostic), refreshes generated types, then type-checks. */
export async function check(_argv: string[]): Promise<number> {
  const root = rootDir();
  try {
    const result = await compile({ root, emit: false });
    printDiagnostics(result.diagnostics);
    for (const file of writeGenerated(result)) process.stdout.write(`generated ${relative(root, file)}\n`);
  } catch (error) {
    if (error instanceof CompileError) {
      printDiagnostics(error.diagnostics);
      return 1;
    }
    throw error;
  }
  // tagc's own TypeScript (a dependency), wherever npm installed it.
  const tscBin = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
  const tsc = spawnSync(process.execPath, [tscBin, '--noEmit', '-p', join(root, 'tsconfig.json')], { stdio: 'inherit', cwd: root });
  if (tsc.status !== 0) return 1;
  process.stdout.write('tagc check: no errors\n');
  return 0;
}
