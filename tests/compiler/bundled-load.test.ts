import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledImports } from '../../compiler/phases/1-load/bundled';
import { container, removeContainer, ruleSource } from '../helpers/container';

// Phase 1's fast path: every declaration module bundled by esbuild and evaluated once.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

function sample(files: Record<string, string>): string {
  const root = container('bundled-load', files);
  roots.push(root);
  return root;
}

describe('loading declarations as one bundle', () => {
  it('gives each module its exports, sharing the modules they import', async () => {
    const root = sample({
      'rules/lib/shared.ts': `export const shared = { label: 'shared' };\n`,
      'rules/a.ts': `import { shared } from './lib/shared';\nexport const seen = shared;\nexport default { id: 'a', run: (ctx: { get(n: string): unknown }) => ctx.get('pageName') };\n`,
      'rules/b.ts': `import { shared } from './lib/shared';\nexport const seen = shared;\nexport default 42;\n`,
    });
    const a = join(root, 'rules', 'a.ts');
    const b = join(root, 'rules', 'b.ts');
    const loaded = await bundledImports(root, [a, b]);
    expect(loaded).not.toBeNull();
    const modA = (loaded!.imports.get(a) as { mod: Record<string, unknown> }).mod;
    const modB = (loaded!.imports.get(b) as { mod: Record<string, unknown> }).mod;
    expect(modB.default).toBe(42);
    // Every file of the project's own that the bundle read, the shared module included.
    expect(loaded!.sources.map((f) => f.slice(root.length + 1)).sort()).toEqual(['rules/a.ts', 'rules/b.ts', 'rules/lib/shared.ts']);
    expect(modA.seen).toBe(modB.seen);
    // Custom code keeps its source, where the compiler finds the data elements it reads.
    const run = (modA.default as { run: () => unknown }).run;
    expect(Function.prototype.toString.call(run)).toMatch(/get\(["']pageName["']\)/);
  });

  it('gives up (so that modules load one by one, with located errors) when a module throws or does not parse', async () => {
    const throwing = sample({ 'rules/ok.ts': ruleSource(`{ id: 'ok', description: 'x', events: ['Page Load Completed'], actions: [] }`), 'rules/throws.ts': `throw new Error('boom');\n` });
    expect(await bundledImports(throwing, [join(throwing, 'rules', 'ok.ts'), join(throwing, 'rules', 'throws.ts')])).toBeNull();
    const broken = sample({ 'rules/broken.ts': `export default {\n` });
    expect(await bundledImports(broken, [join(broken, 'rules', 'broken.ts')])).toBeNull();
  });
});
