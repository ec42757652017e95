import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { CompileError, Diagnostics, type Diagnostic } from '../../compiler/diagnostics';
import { proveNetwork } from '../../compiler/phases/2-validate/network-proof';
import { importsWithoutTree } from '../../compiler/phases/2-validate/network-uses';
import { proofRoots } from '../../compiler/phases/2-validate/proof-roots';
import { rule as declareRule } from '../../runtime/declare';
import { container, REPO, removeContainer } from '../helpers/container';

// The network proof's TypeScript program leaves out a rule module whose text tells its imports
// when each is a relative specifier one file answers (compiler/phases/2-validate/proof-roots.ts):
// those files are its roots instead, and the proof reads the module's imports from its text.
// Anything TypeScript alone can resolve keeps the module in the program, and the proof finds what
// it found before, in the files only a left-out module imports too.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const DECLARE = "import { rule } from '../runtime/declare';";
const ruleOf = (id: string, head: string, run = 'undefined') =>
  `${DECLARE}\n${head}\nexport default rule({ id: '${id}', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'custom', sends: 'necessary', run: (ctx) => ${run} }] });\n`;

function project(files: Record<string, string>): string {
  const root = container('proof-roots', files, { linkRuntime: true });
  roots.push(root);
  return root;
}

describe("the network proof's program", () => {
  it('leaves out the rule modules whose imports their text tells and one file each answers, and roots those files', () => {
    const root = project({
      'rules/lib/helper.ts': 'export const helper = 1;\n',
      'rules/lib/twice.ts': 'export const twice = 1;\n',
      'rules/lib/twice.js': 'export const twice = 1;\n',
      'rules/lib/ref.ts': 'export {};\n',
      'rules/plain.ts': ruleOf('plain', "import { helper } from './lib/helper';", 'helper'),
      'rules/package.ts': ruleOf('package', "import { z } from 'zod';", 'z'),
      'rules/ambiguous.ts': ruleOf('ambiguous', "import { twice } from './lib/twice';", 'twice'),
      'rules/missing.ts': ruleOf('missing', "import { gone } from './lib/gone';", 'gone'),
      'rules/referencing.ts': ruleOf('referencing', '/// <reference path="./lib/ref.ts" />'),
      'rules/fetching.ts': ruleOf('fetching', '', "fetch('/a')"),
    });
    const rule = (name: string) => join(root, 'rules', `${name}.ts`);
    const names = ['plain', 'package', 'ambiguous', 'missing', 'referencing', 'fetching'];
    const { roots: programRoots, outside } = proofRoots(names.map(rule), importsWithoutTree);
    expect([...outside]).toEqual([[rule('plain'), ['../runtime/declare', './lib/helper']]]);
    expect(programRoots.sort()).toEqual([join(REPO, 'runtime', 'declare', 'index.ts'), realpathSync(join(root, 'rules', 'lib', 'helper.ts')), ...names.slice(1).map(rule)].sort());
  });

  it('gives TypeScript the rule modules as before when they import nothing', () => {
    const root = project({ 'rules/a.ts': 'export default 1;\n' });
    expect(proofRoots([join(root, 'rules', 'a.ts')], importsWithoutTree)).toEqual({ roots: [join(root, 'rules', 'a.ts')], outside: new Map() });
  });

  it('finds what a helper only a left-out rule module imports does, and lists that module among the files it read', async () => {
    const root = project({
      'rules/lib/beacon.ts': "export const beacon = (): void => void fetch('https://x.example/a');\n",
      'rules/lib/sending.ts': "export const sending = (ctx: { runtime: { send(c: string, u: string): Promise<void> } }): Promise<void> => ctx.runtime.send('advertising', '/b');\n",
      'rules/uses.ts': ruleOf('uses', "import { beacon } from './lib/beacon';\nimport { sending } from './lib/sending';", '[beacon(), sending(ctx)]'),
    });
    let found: Diagnostic[] = [];
    try {
      found = (await compile({ root, emit: false, keep: false })).diagnostics;
    } catch (error) {
      if (!(error instanceof CompileError)) throw error;
      found = error.diagnostics;
    }
    expect(found.filter((d) => d.code.startsWith('send_') || d.code === 'custom_network_use').map((d) => [d.code, d.file])).toEqual([
      ['custom_network_use', 'rules/lib/beacon.ts'],
      ['send_category_mismatch', 'rules/lib/sending.ts'],
    ]);
    const rules = [{ file: 'rules/uses.ts', abs: join(root, 'rules', 'uses.ts'), exportName: 'default', value: declareRule({ id: 'uses', description: 'x', events: ['Page Load Completed'], actions: [] }) }];
    const files = await proveNetwork(rules, new Diagnostics());
    expect(files).toEqual(expect.arrayContaining([join(root, 'rules', 'uses.ts'), realpathSync(join(root, 'rules', 'lib', 'beacon.ts')), realpathSync(join(root, 'rules', 'lib', 'sending.ts'))]));
  });
});
