import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stringsBlanked } from './strings-blanked.ts';

// How each test file is run (vitest.config.ts has one project per way):
// - shared modules (`isolate: false`): Node-environment files that leave no process-wide state
//   behind share their worker's loaded compiler, zod and esbuild, which cost more CPU to load again
//   than most files' tests;
// - DOM in a VM context (pool `vmForks`): happy-dom files get a fresh window and module graph each
//   in a VM context of a long-lived worker, instead of a new process that loads vitest and
//   happy-dom again (about a second of CPU per file for tests of a tenth of that);
// - isolated (`forks`, vitest's default): every other file, in a process of its own.

/** State a VM context does not contain: the process (its env and working folder) is the worker's. */
const PROCESS_WIDE = [/process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/, /delete\s+process\.env/, /process\.chdir\(/];

/**
 * Source that changes process-wide state: env vars, spied or replaced globals, fake timers, module
 * mocks. Read in the file's code, not in the text of its strings (tests/setup/strings-blanked.ts):
 * `globalThis.x = …` in the entry of a bundle a test builds, or in a module it writes, is that
 * bundle's or module's. Env vars set for one call through tests/helpers/env.ts (withEnv) are put
 * back when it settles.
 */
const PROCESS_STATE = [
  /@vitest-environment\s+(?!node\b)/,
  ...PROCESS_WIDE,
  /vi\.(stubGlobal|stubEnv|mock|doMock|useFakeTimers)\(/,
  /globalThis\s*(as[^)]*\))?\)?\.\w+\s*=(?!=)/,
];

/**
 * Spies the file leaves in place: more `vi.spyOn(` than `.mockRestore()`, unless every test's end
 * restores them all (`afterEach(() => vi.restoreAllMocks())`). A spy restored where it was made
 * changes nothing the next file in the worker sees.
 */
const SPY = /\bvi\.spyOn\(/;
function spiesLeft(code: string): boolean {
  const spies = code.match(new RegExp(SPY, 'g'))?.length ?? 0;
  if (!spies || /afterEach\(\s*\(\)\s*=>\s*\{?\s*vi\.restoreAllMocks\(\)/.test(code)) return false;
  return spies > (code.match(/\.mockRestore\(\)/g)?.length ?? 0);
}

const DOM = /@vitest-environment\s+happy-dom\b/;

/** How a test file's source runs: sharing its worker's modules, in a VM context of its own (a DOM file whose state that context holds), or in a process of its own. */
function wayOf(source: string): 'shared' | 'vmDom' | 'isolated' {
  // A pattern the whole text lacks its code lacks too: most files are read once.
  if (!PROCESS_STATE.some((pattern) => pattern.test(source)) && !SPY.test(source)) return 'shared';
  const code = stringsBlanked(source);
  if (!PROCESS_STATE.some((pattern) => pattern.test(code)) && !spiesLeft(code)) return 'shared';
  return DOM.test(source) && !PROCESS_WIDE.some((pattern) => pattern.test(code)) ? 'vmDom' : 'isolated';
}

function testFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('fixtures'))
    .map((file) => relative(root, join(root, dir, file)))
    .sort();
}

/** The test files (relative to `root`) under `dir`, by the way they run (see above). */
export function classifyTestFiles(root: string, dir = 'tests'): { shared: string[]; vmDom: string[] } {
  const shared: string[] = [];
  const vmDom: string[] = [];
  for (const file of testFiles(root, dir)) {
    const way = wayOf(readFileSync(join(root, file), 'utf8'));
    if (way === 'shared') shared.push(file);
    else if (way === 'vmDom') vmDom.push(file);
  }
  return { shared, vmDom };
}
