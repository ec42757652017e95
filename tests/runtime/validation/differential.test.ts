import Ajv from 'ajv';
import { AJV_OPTIONS, withoutAnnotations } from '../../../compiler/phases/5-emit/validators';
import { interpret } from '../../../runtime/validation/interpret';
import { loadCatalogue, exampleOf, type Json } from '../../schemas/catalogue';
import { prng } from '../../helpers/prng';

// The run-time interpreter must give ajv's verdicts (spec: at least 1,000 generated payloads).
// Payloads are random mutations of each catalogue example, and random values against schemas
// that use the keywords the catalogue does not (combinators, $ref, tuples, ...).

const ATOMS: unknown[] = [
  '', 'x', 'us', 'US', 'usa', 'en', 'en-US', 'en_us', 'üñí', '😀😀', 'a|b', '|', 'https://www.firm.example/a', 'https://www.firm.example/a?b=1',
  0, -1, 1, 2, 1.5, 100, 101, 1e21, NaN, Infinity, -0, true, false, null, [], {}, [1], ['a', 'a'], { a: 1 }, { productInfo: { productID: 'X' }, quantity: 1 },
];

function randomValue(rand: () => number, depth = 0): unknown {
  const r = rand();
  if (depth < 3 && r < 0.15) return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
  if (depth < 3 && r < 0.3) {
    const keys = ['a', 'b', 'c', 'name', 'kind', 'x-1', 'quantity', 'productInfo'];
    const out: Json = {};
    for (let i = Math.floor(rand() * 4); i > 0; i--) out[keys[Math.floor(rand() * keys.length)]] = randomValue(rand, depth + 1);
    return out;
  }
  const atom = ATOMS[Math.floor(rand() * ATOMS.length)];
  return atom && typeof atom === 'object' ? structuredClone(atom) : atom;
}

function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (!value || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  for (const key of Object.keys(value)) {
    const path = [...prefix, key];
    out.push(path, ...paths((value as Json)[key], path));
  }
  return out;
}

function mutate(example: Json, rand: () => number): unknown {
  const payload = JSON.parse(JSON.stringify(example)) as Json;
  for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) {
    const all = paths(payload);
    if (!all.length) break;
    const path = all[Math.floor(rand() * all.length)];
    const parent = path.slice(0, -1).reduce<Json>((node, k) => node[k as string] as Json, payload);
    const key = path[path.length - 1] as string;
    const op = rand();
    // Deleting an array index leaves a hole, which the data layer's sanitiser would make undefined: both must agree on either.
    if (op < 0.3) delete parent[key];
    else if (op < 0.85) parent[key] = randomValue(rand);
    else parent[`extra${Math.floor(rand() * 3)}`] = randomValue(rand);
  }
  return rand() < 0.03 ? randomValue(rand) : payload;
}

const EXTRA_SCHEMAS: Json[] = [
  { anyOf: [{ type: 'string', minLength: 2 }, { type: 'number', minimum: 1 }] },
  { oneOf: [{ type: 'integer' }, { type: 'number', multipleOf: 0.5 }] },
  { type: 'array', items: [{ type: 'integer' }, { type: 'string' }], additionalItems: false, uniqueItems: true },
  { type: 'array', items: { $ref: '#/definitions/node' }, minItems: 1, maxItems: 3, contains: { type: 'object' }, definitions: { node: { type: 'object', properties: { a: { $ref: '#/definitions/node' }, name: { type: 'string' } }, required: ['name'] } } },
  { type: 'object', properties: { a: { const: 1 }, b: { enum: [{ a: 1 }, [1], 'x', null] } }, patternProperties: { '^x-': { type: 'number' } }, additionalProperties: false, minProperties: 1, maxProperties: 3 },
  { type: 'object', propertyNames: { maxLength: 4 }, dependencies: { a: ['b'], b: { required: ['c'] } } },
  { not: { type: ['string', 'null'] }, if: { type: 'object' }, then: { required: ['name'] }, else: { type: 'array' } },
  { allOf: [{ type: 'object' }, { properties: { quantity: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 5 } } }], properties: { productInfo: { $ref: '#/definitions/info', maxProperties: 1 } }, definitions: { info: { type: 'object', required: ['productID'] } } },
  { type: ['string', 'integer', 'boolean'], maxLength: 3, maximum: 1 },
  { items: false, properties: { a: true, b: false } },
];

describe('the run-time interpreter against ajv', () => {
  it('gives the same verdict and the same errors on mutated catalogue payloads', async () => {
    const rand = prng(20261122);
    const catalogue = await loadCatalogue();
    const ajv = new Ajv({ ...AJV_OPTIONS });
    let compared = 0;
    let invalid = 0;
    for (const d of catalogue) {
      const schema = withoutAnnotations(d.schema) as Json;
      const validate = ajv.compile(schema);
      for (let i = 0; i < 60; i++) {
        const payload = mutate(exampleOf(d), rand);
        const expected = validate(payload);
        const errors = interpret(schema, payload);
        expect(errors.length === 0, `${d.event} ${JSON.stringify(payload)}`).toBe(expected);
        const pairs = (list: { instancePath: string; keyword: string }[]) => list.map((e) => `${e.instancePath} ${e.keyword}`).sort();
        expect(pairs(errors)).toEqual(pairs(validate.errors ?? []));
        compared++;
        if (!expected) invalid++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(3000);
    // Both verdicts must be well represented for the comparison to mean something.
    expect(invalid).toBeGreaterThan(compared * 0.3);
    expect(compared - invalid).toBeGreaterThan(compared * 0.1);
  });

  it('gives the same verdict on random values against schemas using the other keywords', () => {
    const rand = prng(7);
    const ajv = new Ajv({ ...AJV_OPTIONS });
    let valid = 0;
    let total = 0;
    for (const schema of EXTRA_SCHEMAS) {
      const validate = ajv.compile(schema);
      for (let i = 0; i < 200; i++) {
        const value = randomValue(rand);
        const expected = validate(value);
        expect(interpret(schema, value).length === 0, `${JSON.stringify(schema)} ${JSON.stringify(value)}`).toBe(expected);
        total++;
        if (expected) valid++;
      }
    }
    expect(total).toBe(2000);
    expect(valid).toBeGreaterThan(100);
    expect(total - valid).toBeGreaterThan(100);
  });

  it('needs no code generation: interpreting works with eval and Function unavailable', () => {
    // Spies, restored below: the file leaves its worker's globals as it found them.
    const evalSpy = vi.spyOn(globalThis, 'eval').mockImplementation(() => {
      throw new Error('eval used');
    });
    const functionSpy = vi.spyOn(globalThis, 'Function').mockImplementation(function () {
      throw new Error('Function used');
    });
    try {
      expect(interpret(EXTRA_SCHEMAS[3], [{ name: 'a', a: { name: 'b' } }])).toEqual([]);
      expect(interpret(EXTRA_SCHEMAS[3], [{ a: {} }]).map((e) => e.keyword)).toContain('required');
    } finally {
      evalSpy.mockRestore();
      functionSpy.mockRestore();
    }
  });
});
