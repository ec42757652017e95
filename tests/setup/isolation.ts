import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Which test files may share their worker's loaded modules (vitest `isolate: false`): loading the
// compiler, zod and esbuild again for each file cost more CPU than most files' tests. A file
// shares unless it runs in a DOM environment or changes process-wide state that a later file in
// the same worker would see; such files keep a fresh module graph each (`isolate: true`).

/** Source that changes process-wide state: env vars, spied or replaced globals, fake timers, module mocks. */
const PROCESS_STATE = [
  /@vitest-environment\s+(?!node\b)/,
  /process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/,
  /delete\s+process\.env/,
  /process\.chdir\(/,
  /vi\.(spyOn|stubGlobal|stubEnv|mock|doMock|useFakeTimers)\(/,
  /globalThis\s*(as[^)]*\))?\)?\.\w+\s*=(?!=)/,
];

/** Whether a test file's source must run in a module graph of its own. */
export function needsIsolation(source: string): boolean {
  return PROCESS_STATE.some((pattern) => pattern.test(source));
}

/** The test files (relative to `root`) under `dir` that may share modules with other files of their worker. */
export function sharedModuleFiles(root: string, dir = 'tests'): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('fixtures'))
    .map((file) => relative(root, join(root, dir, file)))
    .filter((file) => !needsIsolation(readFileSync(join(root, file), 'utf8')))
    .sort();
}
