// The command that runs tsc: TypeScript 7's native executable, found as `typescript/bin/tsc`
// finds it (typescript/lib/getExePath.js). That script runs it as a child of one more Node
// process under Node 20 (no process.execve): ~0.1 s of start-up a run, and a process an abort
// would end without ending tsc. The script itself if the package is laid out otherwise.
// Plain JavaScript, so that tests/setup/npm-test.mjs (run by Node, without a loader) shares it
// with the compiler's type check (compiler/typecheck.ts).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** @returns {Promise<string[]>} the executable and its leading arguments */
export async function tscCommand() {
  const dir = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
  try {
    const { default: exePath } = await import(pathToFileURL(join(dir, 'lib', 'getExePath.js')).href);
    return [exePath()];
  } catch {
    return [process.execPath, join(dir, 'bin', 'tsc')];
  }
}
