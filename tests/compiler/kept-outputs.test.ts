import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
