import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft7 from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it, vi } from 'vitest';

// The JSON Schema meta-validation (compiler/phases/2-validate/meta-schemas.ts): the draft-07
// validator read back from the compiler's cache must judge exactly as ajv compiling it does.

const CACHE = join(__dirname, '../../node_modules/.cache/tagc/meta-schemas');
const OPTIONS = { strict: false, validateSchema: false };

const SCHEMAS: Record<string, unknown>[] = [
  { type: 'object', properties: { event: { type: 'string', enum: ['a', 'b'] } }, required: ['event'] },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'objekt', required: 'event' },
  { $schema: 'http://json-schema.org/draft-07/schema', properties: { a: { minLength: -1 } }, items: [{ type: 3 }] },
  { $schema: '', allOf: [], additionalProperties: 'no', definitions: { x: { pattern: 7, uniqueItems: 'yes' } } },
  { enum: [1, 1], const: null, if: { type: 'string' }, then: false, dependencies: { a: ['b', 'b'] } },
  { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'objekt', prefixItems: 'x' },
];

/** ajv's own verdict, from a fresh instance that compiles the meta-schema itself. */
function ajvErrors(schema: Record<string, unknown>) {
  const ajv = String(schema.$schema ?? '').includes('2020-12') ? new Ajv2020(OPTIONS) : new AjvDraft7(OPTIONS);
  return ajv.validateSchema(schema) ? null : ajv.errors;
}

async function freshMetaSchemas() {
  vi.resetModules();
  return import('../../compiler/phases/2-validate/meta-schemas');
}

describe('meta-schema validation', () => {
  it('reports a misspelt type and a non-array required at their paths', async () => {
    const { metaSchemaErrors } = await freshMetaSchemas();
    expect(metaSchemaErrors({ type: 'objekt' })?.map((e) => e.instancePath)).toEqual(['/type', '/type', '/type']);
    expect(metaSchemaErrors({ required: 'event' })?.map((e) => [e.instancePath, e.message])).toEqual([['/required', 'must be array']]);
    expect(metaSchemaErrors({ type: 'object', required: ['event'] })).toBeNull();
  });

  it('judges as ajv does, compiled in this process and read back from the cache', async () => {
    const first = await freshMetaSchemas();
    first.prepareMetaSchema();
    expect(readdirSync(CACHE).some((f) => f.startsWith('draft-07-ajv-') && f.endsWith('.cjs'))).toBe(true);
    const second = await freshMetaSchemas();
    for (const schema of SCHEMAS) {
      const expected = ajvErrors(schema);
      expect(first.metaSchemaErrors(schema)).toEqual(expected);
      expect(second.metaSchemaErrors(schema)).toEqual(expected);
    }
    expect(SCHEMAS.filter((s) => ajvErrors(s) !== null).length).toBe(5);
  });

  it('leaves a schema naming another meta-schema to ajv', async () => {
    const { metaSchemaErrors } = await freshMetaSchemas();
    expect(existsSync(CACHE)).toBe(true);
    expect(() => metaSchemaErrors({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' })).toThrow(/no schema with key or ref/);
    expect(() => metaSchemaErrors({ $schema: 4 })).toThrow(/\$schema must be a string/);
  });
});
