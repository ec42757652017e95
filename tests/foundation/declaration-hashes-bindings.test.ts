import { afterAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../../compiler/diagnostics';
import { load } from '../../compiler/phases/1-load';
import { bindingHashes, declarationHashes } from '../../compiler/phases/3-graph/hashes';
import { project } from '../../compiler/project';
import { container, removeContainer, ruleSource } from '../helpers/container';

// Declaration hashes follow a declaration's imports binding by binding (compiler/phases/3-graph/
// hashes.ts): through helpers that import helpers, through namespace imports and re-exports, and
// around import cycles; an export of a helper module the declaration does not reach does not count.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

/** A rule module that imports `names` (an import clause) from rules/lib/helpers.ts and logs `call`. */
const rule = (id: string, names: string, call: string) =>
  `import ${names} from './lib/helpers';\n${ruleSource(`{ id: '${id}', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'x', sends: 'necessary', run: () => console.log(${call}) }] }`)}`;

const HELPERS = {
  'rules/lib/base.ts': `export const greeting = (who: string) => 'hello ' + who;\nexport const farewell = (who: string) => 'bye ' + who;\n`,
  'rules/lib/helpers.ts': `import { greeting } from './base';\nexport { farewell } from './base';\nexport const welcome = (who: string) => greeting(who) + '!';\nexport const unrelated = () => 42;\n`,
  'rules/lib/ping.ts': `import { pong } from './pong';\nexport const ping = (n: number): number => (n > 0 ? pong(n - 1) : 0);\n`,
  'rules/lib/pong.ts': `import { ping } from './ping';\nexport const pong = (n: number): number => (n > 0 ? ping(n - 1) : 1);\nexport const other = 1;\n`,
  'rules/welcome.ts': rule('welcome', '{ welcome }', "welcome('x')"),
  'rules/farewell.ts': rule('farewell', '{ farewell }', "farewell('x')"),
  'rules/unrelated.ts': rule('unrelated', '{ unrelated }', 'unrelated()'),
  'rules/namespace.ts': rule('namespace', '* as h', 'h.unrelated()'),
  'rules/ping.ts': `import { ping } from './lib/ping';\n${ruleSource(`{ id: 'ping', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'x', sends: 'necessary', run: () => console.log(ping(3)) }] }`)}`,
};

async function hashes(name: string, files: Record<string, string>): Promise<Record<string, string>> {
  const root = container(name, files);
  roots.push(root);
  const p = project(root);
  const found = await declarationHashes(p, await load(p, new Diagnostics()));
  return Object.fromEntries([...found].filter(([k]) => k.startsWith('rules/')).map(([k, v]) => [k.replace(/\.ts#default$/, '').replace('rules/', ''), v]));
}

/** The rules whose hash differs from the base's, with `path` rewritten. */
async function changedBy(name: string, path: string, content: string): Promise<string[]> {
  const base = await hashes(`${name}-base`, HELPERS);
  const changed = await hashes(name, { ...HELPERS, [path]: content });
  expect(Object.keys(changed).sort()).toEqual(Object.keys(base).sort());
  return Object.keys(changed)
    .filter((k) => changed[k] !== base[k])
    .sort();
}

describe('declaration hashes, binding by binding', () => {
  it('change for the rules that reach a changed helper through another helper, a re-export or a namespace import, and for no other', async () => {
    // welcome -> helpers.welcome -> base.greeting; farewell -> helpers (re-export) -> base.farewell;
    // a namespace import reaches every export of helpers (and through them base's); unrelated neither.
    expect(await changedBy('hash-deep', 'rules/lib/base.ts', HELPERS['rules/lib/base.ts'].replace("'hello '", "'hi '"))).toEqual(['namespace', 'welcome']);
    expect(await changedBy('hash-reexport', 'rules/lib/base.ts', HELPERS['rules/lib/base.ts'].replace("'bye '", "'ciao '"))).toEqual(['farewell', 'namespace']);
    expect(await changedBy('hash-namespace', 'rules/lib/helpers.ts', HELPERS['rules/lib/helpers.ts'].replace('42', '43'))).toEqual(['namespace', 'unrelated']);
  });

  it('follow an import cycle: a change to either binding of it changes the rule, a sibling outside it does not', async () => {
    expect(await changedBy('hash-cycle', 'rules/lib/pong.ts', HELPERS['rules/lib/pong.ts'].replace(': 1);', ': 2);'))).toEqual(['ping']);
    expect(await changedBy('hash-cycle-sibling', 'rules/lib/pong.ts', HELPERS['rules/lib/pong.ts'].replace('other = 1', 'other = 2'))).toEqual([]);
  });

  it('ignore formatting, comments and types', async () => {
    const reformatted = `// Helpers.\nimport {greeting} from './base';\nexport { farewell } from "./base";\n\nexport const welcome = (who: string): string =>\n  greeting(who) + "!"; // loud\nexport const unrelated = (): number => 42;\n`;
    expect(await changedBy('hash-format', 'rules/lib/helpers.ts', reformatted)).toEqual([]);
  });
});

describe('bindingHashes', () => {
  const outputs = new Map([
    ['a#x', 'code a'],
    ['b#y', 'code b'],
    ['c#z', 'code c'],
    ['d#w', 'code d'],
  ]);
  // a -> b <-> c -> d
  const deps = new Map([
    ['a#x', ['b#y']],
    ['b#y', ['c#z']],
    ['c#z', ['b#y', 'd#w']],
    ['d#w', []],
  ]);

  it('do not depend on the order the bindings are given in', () => {
    const forward = bindingHashes(outputs, deps);
    const backward = bindingHashes(new Map([...outputs].reverse()), new Map([...deps].reverse()));
    expect(backward).toEqual(forward);
    expect(new Set(forward.values()).size).toBe(4);
  });

  it('carry a change through a cycle to whatever imports it', () => {
    const before = bindingHashes(outputs, deps);
    const after = bindingHashes(new Map([...outputs, ['d#w', 'code d changed']]), deps);
    expect([...after.keys()].filter((k) => after.get(k) !== before.get(k)).sort()).toEqual(['a#x', 'b#y', 'c#z', 'd#w']);
    const cycle = bindingHashes(new Map([...outputs, ['c#z', 'code c changed']]), deps);
    expect([...cycle.keys()].filter((k) => cycle.get(k) !== before.get(k)).sort()).toEqual(['a#x', 'b#y', 'c#z']);
  });
});
