import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { compile } from '../../index';
import { CompileError, type Diagnostic } from '../../diagnostics';
import { writeGenerated } from '../../phases/5-emit/types';
import { project } from '../../project';
import { typeCheck } from '../../typecheck';
import { printDiagnostics, refreshGenerated, rootDir } from './build';

const HELP = `tagc check: every diagnostic of the project in one run, nothing written to build/

  tagc check

Compiles every environment without emitting, refreshes the generated types, then type-checks the
whole project (its tsconfig.json): compiler and TypeScript diagnostics are printed together.
Exit 0 no errors (warnings may be printed), 1 errors.
`;

/**
 * Compiles without emitting (every diagnostic), refreshes the generated types, then type-checks
 * the whole project; prints compiler and TypeScript diagnostics together and fails on any error.
 */
export async function check(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const root = rootDir();
  let found: Diagnostic[];
  try {
    const result = await compile({ root, emit: false });
    found = [...result.diagnostics];
    for (const file of refreshGenerated(result)) process.stdout.write(`generated ${relative(root, file)}\n`);
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    found = [...error.diagnostics];
    for (const file of writeGenerated(error.generated ?? {})) process.stdout.write(`generated ${relative(root, file)}\n`);
  }
  found.push(...(await typeCheck(project(root), 'project')));
  printDiagnostics(found);
  const errors = found.filter((d) => d.severity === 'error').length;
  if (errors) {
    process.stderr.write(`tagc check: ${errors} error(s)\n`);
    return 1;
  }
  process.stdout.write('tagc check: no errors\n');
  return 0;
}
