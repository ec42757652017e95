import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { Diagnostics } from '../../compiler/diagnostics';
import { load } from '../../compiler/phases/1-load';
import { declarationHashes } from '../../compiler/phases/3-graph/hashes';
import { project } from '../../compiler/project';
import type { Graph } from '../../compiler/graph-types';
import { container, DECLARE, removeContainer, ruleSource } from '../helpers/container';

// graph.json records a content hash per rule, data element and schema over its own source and
// the project modules it imports, so that `tagc diff` sees a change inside custom code or a
// helper module even when the declaration's shape is unchanged.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const HELPER = `export const greeting = (who: string) => 'hello ' + who;\n`;
const ELEMENTS = (y: string) => `import { computed, constant } from ${JSON.stringify(DECLARE)};
const shout = (s: string) => s.toUpperCase();
// x is a constant.
export const x = constant('x');
export const y = computed(() => shout(${JSON.stringify(y)}));
`;
const files = (helper: string, y: string, comment = '') => ({
  'rules/lib/helper.ts': helper,
  'rules/a.ts': ruleSource(`{ id: 'a', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'log', sends: 'necessary', run: (ctx) => console.log(ctx.get('x')) }] }`),
  'rules/b.ts': `import { greeting } from './lib/helper';\n${comment}${ruleSource(`{ id: 'b', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'greet', sends: 'necessary', run: (ctx) => console.log(greeting(String(ctx.get('y')))) }] }`)}`,
  'data-elements/values.ts': ELEMENTS(y),
});

async function hashes(name: string, f: Record<string, string>): Promise<Record<string, string | undefined>> {
  const root = container(name, f);
  roots.push(root);
  const result = await compile({ root, envs: ['prod'] });
  const graph = JSON.parse(readFileSync(join(result.outDir, 'prod', 'graph.json'), 'utf8')) as Graph;
  return Object.fromEntries([
    ...graph.rules.map((r) => [`rule ${r.id}`, r.hash]),
    ...graph.dataElements.map((d) => [`data element ${d.name}`, d.hash]),
    ...graph.schemas.map((s) => [`schema ${s.event}`, s.hash]),
  ]);
}

let base: Record<string, string | undefined>;
beforeAll(async () => {
  base = await hashes('hash-base', files(HELPER, 'y'));
}, 60_000);

describe('declaration hashes in graph.json', () => {
  it('are given to every rule, data element and schema, and do not depend on where the project lives', async () => {
    expect(Object.keys(base).sort()).toEqual(['data element x', 'data element y', 'rule a', 'rule b', 'schema Page Load Completed']);
    for (const h of Object.values(base)) expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(await hashes('hash-same', files(HELPER, 'y'))).toEqual(base);
  });

  it('change for a rule whose imported helper module changed, and for no other declaration', async () => {
    const changed = await hashes('hash-helper', files(`export const greeting = (who: string) => 'hi ' + who;\n`, 'y'));
    expect(Object.keys(changed).filter((k) => changed[k] !== base[k])).toEqual(['rule b']);
  });

  it('change for the one data element whose code changed, not for its siblings in the module', async () => {
    const changed = await hashes('hash-element', files(HELPER, 'why'));
    expect(Object.keys(changed).filter((k) => changed[k] !== base[k])).toEqual(['data element y']);
  });

  it('are the same whether the modules are read in one batch or in batches of a few', async () => {
    const root = container('hash-batches', files(HELPER, 'y'));
    roots.push(root);
    const p = project(root);
    const loaded = await load(p, new Diagnostics());
    const oneRun = await declarationHashes(p, loaded, Number.MAX_SAFE_INTEGER);
    expect(oneRun.size).toBe(5);
    for (const batch of [1, 2]) expect(await declarationHashes(p, loaded, batch)).toEqual(oneRun);
  });

  it('ignore comments', async () => {
    expect(await hashes('hash-comment', files(HELPER, 'y', '// A comment changes nothing the bundle does.\n'))).toEqual(base);
  });
});
