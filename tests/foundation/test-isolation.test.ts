import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyTestFiles } from '../setup/isolation';

// How vitest.config.ts runs each test file (tests/setup/isolation.ts): a DOM file that changes
// globals goes to a VM context unless it changes the process's env or folder, whatever it imports.
// The markers the classifier reads are written in pieces here, so that this file is not taken for
// one that uses them.

const DOM_FILE = `// @vitest-${'environment'} happy-dom\n`;
const SPIES = `vi.${'spyOn'}(console, 'log');\n`;

const root = mkdtempSync(join(tmpdir(), 'tagc-isolation-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function files(tree: Record<string, string>): void {
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

describe('the test files by the way they run', () => {
  it('runs DOM files in VM contexts, those that reach esbuild too, and a Node file that leaves no state in the shared worker', () => {
    files({
      // x reaches esbuild through w (tests/setup/realm-text-encoder.ts lets it load in a VM context).
      'tests/a.test.ts': `${DOM_FILE}import './x';\n${SPIES}`,
      'tests/b.test.ts': `${DOM_FILE}import './y';\n${SPIES}`,
      'tests/x.ts': "import './y';\nimport './w';\n",
      'tests/y.ts': "import './x';\n",
      'tests/w.ts': "import { build } from 'esbuild';\nexport { build };\n",
      'tests/d.test.ts': `${DOM_FILE}import './z';\n${SPIES}`,
      'tests/z.ts': "import './q';\n",
      'tests/q.ts': "import './z';\n",
      'tests/e.test.ts': "import './z';\n",
    });
    expect(classifyTestFiles(root)).toEqual({ shared: ['tests/e.test.ts'], vmDom: ['tests/a.test.ts', 'tests/b.test.ts', 'tests/d.test.ts'] });
  });

  it('reads what a file does to its process in its code, not in the text of its strings', () => {
    rmSync(join(root, 'tests'), { recursive: true, force: true });
    const set = 'globalThis.made = 1;';
    files({
      // The entry of a bundle it builds, a module it writes: text.
      'tests/entry.test.ts': `const entry = \`import './x';\n${set}\n\`;\nexport { entry };\n`,
      'tests/module.test.ts': `const module = '${set}\\n';\nexport { module };\n`,
      // The same statement in its code, and in the expression of a template: code.
      'tests/code.test.ts': `${set}\n`,
      'tests/expression.test.ts': `const text = \`made: \${(${set.slice(0, -1)})}\`;\nexport { text };\n`,
    });
    expect(classifyTestFiles(root).shared).toEqual(['tests/entry.test.ts', 'tests/module.test.ts']);
  });

  it('takes a spy restored where it was made, or after every test, for no change to the process', () => {
    rmSync(join(root, 'tests'), { recursive: true, force: true });
    files({
      'tests/restored.test.ts': "const log = vi.spyOn(console, 'log');\nlog.mockRestore();\n",
      'tests/each.test.ts': "beforeEach(() => void vi.spyOn(console, 'log'));\nafterEach(() => vi.restoreAllMocks());\n",
      // Two spies, one restored.
      'tests/left.test.ts': "vi.spyOn(Math, 'random');\nconst log = vi.spyOn(console, 'log');\nlog.mockRestore();\n",
    });
    expect(classifyTestFiles(root).shared).toEqual(['tests/each.test.ts', 'tests/restored.test.ts']);
  });
});
