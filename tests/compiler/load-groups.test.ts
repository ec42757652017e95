import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bundledImports } from '../../compiler/phases/1-load/bundled';
import { groupModule, loadGroups, memberOf } from '../../compiler/phases/1-load/load-groups';
import { codeReads } from '../../compiler/phases/2-validate/references';
import { esbuild } from '../../compiler/esbuild-api';
import { container, DECLARE, removeContainer, ruleSource } from '../helpers/container';

// A large project's declaration modules reach the load's esbuild bundle joined into group modules
// (compiler/phases/1-load/load-groups.ts), found by a scan trusted only where it is exact.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));
afterEach(() => vi.restoreAllMocks());

function sample(files: Record<string, string>): string {
  const root = container('load-groups', files);
  roots.push(root);
  return root;
}

const rule = (id: string, extra = '') => ruleSource(`{ id: '${id}', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'l', run: (ctx: { get(n: string): unknown }) => ctx.get('pageName') }]${extra} }`);

/** What esbuild was given: how many modules (its metafile's inputs) in each build, and the bundle's result. */
async function loadCounting(root: string, paths: string[], grouped: boolean) {
  const modules: number[] = [];
  const build = esbuild.build;
  vi.spyOn(esbuild, 'build').mockImplementation(async (options) => {
    const result = await build(options);
    modules.push(Object.keys(result.metafile!.inputs).length);
    return result;
  });
  const loaded = await bundledImports(root, paths, grouped);
  vi.restoreAllMocks();
  return { loaded, modules };
}

const mods = (loaded: Awaited<ReturnType<typeof bundledImports>>, paths: string[]) => paths.map((p) => (loaded!.imports.get(p) as { mod: Record<string, unknown> }).mod);

describe('the load of a large project', () => {
  it('gives esbuild fewer modules, and each module the same exports and sources', async () => {
    const files: Record<string, string> = {
      'rules/lib/shared.ts': `export const shared = { label: 'shared' };\n`,
      // Not joined: a regular expression (a scan cannot tell one from a division).
      'rules/r-regex.ts': rule('r-regex', `, conditions: [() => /x/.test('x')]`),
      'schemas/page.ts': `import { eventSchema } from ${JSON.stringify(DECLARE)};\nexport default eventSchema({ event: 'Page Load Started', description: 'x', schema: { type: 'object' } });\n`,
    };
    for (let i = 0; i < 6; i++) files[`rules/r${i}.ts`] = rule(`r${i}`, i === 2 ? ", order: 10, conditions: [() => `${'a'}`.length > 0]" : '');
    const root = sample(files);
    const paths = [...[0, 1, 2, 3, 4, 5].map((i) => join(root, 'rules', `r${i}.ts`)), join(root, 'rules', 'r-regex.ts'), join(root, 'schemas', 'page.ts'), join(root, 'rules', 'site.config.ts')];
    const plain = await loadCounting(root, paths, false);
    const grouped = await loadCounting(root, paths, true);
    expect(grouped.modules.length).toBe(1);
    expect(grouped.modules[0]).toBeLessThan(plain.modules[0]! - 4);
    const [a, b] = [mods(plain.loaded, paths), mods(grouped.loaded, paths)];
    expect(b.map((m) => Object.keys(m))).toEqual(a.map((m) => Object.keys(m)));
    const shape = (v: unknown): unknown => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'function' ? codeReads({ x }) : x));
    expect(b.map((m) => shape(m.default))).toEqual(a.map((m) => shape(m.default)));
    expect(b.map((m) => shape(m.default))[2]).toContain('pageName');
    expect([...grouped.loaded!.sources].sort()).toEqual([...plain.loaded!.sources].sort());
  });

  it('loads as before where a group would change what runs: a module that throws, or one another module imports', async () => {
    const throwing = sample({ 'rules/a.ts': rule('a'), 'rules/b.ts': `import { rule } from ${JSON.stringify(DECLARE)};\nexport default rule((() => { throw new Error('boom'); })());\n`, 'rules/c.ts': rule('c') });
    const t = ['a', 'b', 'c'].map((f) => join(throwing, 'rules', `${f}.ts`));
    // Tried grouped, then as one module each, as before: null, and the load imports module by module.
    const thrown = await loadCounting(throwing, t, true);
    expect(thrown.loaded).toBeNull();
    expect(thrown.modules.length).toBe(2);

    const imported = sample({ 'rules/a.ts': rule('a'), 'rules/b.ts': rule('b'), 'rules/lib/uses.ts': `import a from '../a';\nexport const seen = a;\n` });
    const paths = [join(imported, 'rules', 'a.ts'), join(imported, 'rules', 'b.ts'), join(imported, 'rules', 'lib', 'uses.ts')];
    const { loaded } = await loadCounting(imported, paths, true);
    const [a, , uses] = mods(loaded, paths);
    // One module, run once: the value the load holds is the one the project's modules import.
    expect(uses!.seen).toBe(a!.default);
  });
});

describe('the scan that joins modules', () => {
  const ok = (text: string) => memberOf('/p/rules/x.ts', text);

  it('takes imports then `export default` of a call or an object, and nothing it cannot be sure of', () => {
    expect(ok(`// c\nimport d, { a, b as c } from '../x';\nimport * as ns from "./y";\nimport './z';\n/* c */ export default rule({ a: \`t\${ns.f({ k: [1] })}t\`, s: 'export default 1' });\n`)?.imports.map((i) => [i.source, [...i.names]])).toEqual([
      ['../x', [['d', 'default'], ['a', 'a'], ['c', 'b']]],
      ['./y', [['ns', '*']]],
      ['./z', []],
    ]);
    expect(ok(`export default { a: 1 };`)?.expression).toBe('{ a: 1 }');
    for (const text of [
      `import { a } from 'x';\nconst b = 1;\nexport default rule(b);\n`,
      `export default rule({ a: 1 / 2 });\n`,
      `export default rule({ a: /re/ });\n`,
      `export default function f() {}\n`,
      `export default rule({}), 1;\n`,
      `export default rule({});\nexport const a = 1;\n`,
      `import { a /* c */ } from 'x';\nexport default rule(a);\n`,
      `import type { A } from 'x';\nexport default rule({});\n`,
      `import { type A } from 'x';\nexport default rule({});\n`,
      `export default rule({ a: '\n' });\n`,
      `export default rule<A>({});\n`,
      `export default rule({ \\u0061: 1 });\n`,
      `export default rule({ [a]: 1 )};\n`,
      `export default rule({ a: \`\${1}\` );\n`,
    ]) expect(ok(text), text).toBeUndefined();
  });

  it('joins consecutive modules of one folder whose names cannot clash', () => {
    const texts: Record<string, string> = {
      '/p/rules/a.ts': `import { rule } from 'x';\nexport default rule(1);\n`,
      '/p/rules/b.ts': `import { rule } from 'x';\nexport default rule(2);\n`,
      // `rule` bound otherwise: a new group.
      '/p/rules/c.ts': `import { other as rule } from 'x';\nexport default rule(3);\n`,
      '/p/rules/d.ts': `import { other as rule } from 'x';\nexport default rule(4);\n`,
      // Names what the group imports without importing it: a new group.
      '/p/rules/e.ts': `export default { rule: 5 };\n`,
      '/p/rules/f.ts': `export default { g: 6 };\n`,
      // Another folder: a new group.
      '/p/rules/sub/g.ts': `export default { g: 7 };\n`,
    };
    const groups = loadGroups(Object.keys(texts), (abs) => texts[abs]!);
    expect(groups.map((g) => g.members.map((m) => m.abs.slice(9)))).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts'], ['e.ts', 'f.ts']]);
    // One import of each binding, however many members import it.
    const ns: Record<string, string> = { '/p/rules/a.ts': `import * as ns from 'x';\nexport default ns.g(1);\n`, '/p/rules/b.ts': `import * as ns from 'x';\nimport { f } from 'x';\nexport default f(ns.h);\n` };
    expect(groupModule(loadGroups(Object.keys(ns), (abs) => ns[abs]!)[0]!)).toBe(`import * as ns from "x";\nimport { f } from "x";\nexport const __tagcLoad0 = (\nns.g(1)\n);\nexport const __tagcLoad1 = (\nf(ns.h)\n);\n`);
  });
});
