import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { keptValues, KeptOutputs, sourcesHash } from '../../compiler/kept-outputs';
import { payloadTypes } from '../../compiler/phases/5-emit/types';

// Slow conversions (here: payload types) are kept between builds, keyed by all they depend on.

const dir = mkdtempSync(join(tmpdir(), 'tagc-payload-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const graphOf = (schemas: Record<string, Record<string, unknown>>) => ({ schemas: new Map(Object.entries(schemas).map(([event, schema]) => [event, { node: { schema } }])) });
const searched = { type: 'object', properties: { term: { type: 'string' } }, required: ['term'], additionalProperties: false };

describe('payload types kept between builds', () => {
  it('writes what a build without a cache writes, and keeps one type per schema', async () => {
    const file = join(dir, 'first.json');
    const cached = await payloadTypes(graphOf({ 'search performed': searched }), 'tagc/runtime/declare/types', file);
    const uncached = await payloadTypes(graphOf({ 'search performed': searched }), 'tagc/runtime/declare/types');
    expect(cached).toBe(uncached);
    expect(cached).toContain('export interface SearchPerformedPayload {\nterm: string\n}');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toHaveLength(1);
  });

  it('reuses a kept type while the schema is unchanged, and converts again once it changes', async () => {
    const file = join(dir, 'second.json');
    await payloadTypes(graphOf({ 'search performed': searched }), 'tagc/runtime/declare/types', file);
    const [key] = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object);
    writeFileSync(file, JSON.stringify({ [key]: 'export type Kept = 1;' }));
    expect(await payloadTypes(graphOf({ 'search performed': searched }), 'tagc/runtime/declare/types', file)).toContain('export type Kept = 1;');

    const changed = { ...searched, properties: { term: { type: 'string' }, results: { type: 'integer' } } };
    const fresh = await payloadTypes(graphOf({ 'search performed': changed }), 'tagc/runtime/declare/types', file);
    expect(fresh).not.toContain('Kept');
    expect(fresh).toContain('results?: number');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).not.toContain(key);
  });

  it('builds without a cache file when its folder cannot be written', async () => {
    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, '');
    const out = await payloadTypes(graphOf({ 'search performed': searched }), 'tagc/runtime/declare/types', join(blocked, 'cache.json'));
    expect(out).toContain('SearchPerformedPayload');
    expect(existsSync(join(blocked, 'cache.json'))).toBe(false);
  });
});

describe('the code a kept output depends on', () => {
  const code = join(dir, 'code');
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(code, name)), { recursive: true });
      writeFileSync(join(code, name), text);
    }
  };
  write({
    'work.ts': `import { helper } from './helper';\nimport type { Shape } from './shape';\nimport './side-effect';\nexport { other } from './nested';\nexport const later = () => import('./later');\n`,
    'helper.ts': 'export const helper = 1;\n',
    'shape.ts': 'export interface Shape { a: 1 }\n',
    'side-effect.ts': 'globalThis.x = 1;\n',
    'nested/index.ts': `export { other } from '../deep';\n`,
    'deep.ts': 'export const other = 2;\n',
    'later.ts': 'export const late = 3;\n',
    'unrelated.ts': 'export const unrelated = 4;\n',
  });
  const hash = () => sourcesHash(join(code, 'work.ts'));

  it('changes when the module or any module it runs changes, through every kind of relative import', () => {
    for (const file of ['work.ts', 'helper.ts', 'side-effect.ts', 'nested/index.ts', 'deep.ts', 'later.ts']) {
      const before = hash();
      write({ [file]: `${readFileSync(join(code, file), 'utf8')}// edited\n` });
      expect(hash(), file).not.toBe(before);
    }
  });

  it("takes a module's import.meta.url, a file: URL string, as the module itself", () => {
    const url = pathToFileURL(join(code, 'work.ts')).href;
    expect(sourcesHash(url)).toBe(hash());
    expect(sourcesHash(new URL(url))).toBe(hash());
    const before = sourcesHash(url);
    write({ 'helper.ts': `${readFileSync(join(code, 'helper.ts'), 'utf8')}// edited again\n` });
    expect(sourcesHash(url)).not.toBe(before);
  });

  it('does not change for a type-only import or a module it does not import', () => {
    for (const file of ['shape.ts', 'unrelated.ts']) {
      const before = hash();
      write({ [file]: `${readFileSync(join(code, file), 'utf8')}// edited\n` });
      expect(hash(), file).toBe(before);
    }
  });
});

describe('structured outputs kept between builds', () => {
  const isCounts = (value: unknown): value is Map<string, Set<number>> => value instanceof Map && [...value.values()].every((v) => v instanceof Set);

  it('reads back Maps and Sets, works each key once a run, and drops a value that fails its check', async () => {
    const file = join(dir, 'structured.v8');
    const first = new KeptOutputs(file, keptValues(isCounts));
    let worked = 0;
    const make = () => {
      worked++;
      return new Map([['a', new Set([1, 2])]]);
    };
    const key = first.key('input');
    const [one, two] = await Promise.all([first.memo(key, make), first.memo(key, make)]);
    expect(worked).toBe(1);
    expect(two).toBe(one);
    first.save();

    const second = new KeptOutputs(file, keptValues(isCounts));
    expect(await second.memo(key, make)).toEqual(new Map([['a', new Set([1, 2])]]));
    expect(worked).toBe(1);

    // A value set anew under a kept key replaces the kept one.
    second.set(key, new Map([['b', new Set([3])]]));
    second.save();
    expect(new KeptOutputs(file, keptValues(isCounts)).get(key)).toEqual(new Map([['b', new Set([3])]]));

    const wrong = new KeptOutputs(file, keptValues((value: unknown): value is Map<string, Set<number>> => value instanceof Set));
    expect(wrong.get(key)).toBeUndefined();
  });
});
