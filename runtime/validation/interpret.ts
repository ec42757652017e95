import { equal, ucs2length } from './ajv-runtime';
import type { SchemaError } from './errors';

// A small JSON Schema (draft-07) interpreter for schemas that arrive at run time from the schema
// service: it walks the schema, so it needs no code generation (CSP-safe, no eval). Its verdicts
// follow ajv's with the options the build uses (allErrors, strictNumbers, formats not checked);
// tests/runtime/validation/differential.test.ts holds the two to the same answers.
// Supported: type, enum, const, required, properties, patternProperties, additionalProperties,
// propertyNames, min/maxProperties, items (schema or tuple), additionalItems, contains,
// min/maxItems, uniqueItems, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf,
// min/maxLength, pattern, allOf, anyOf, oneOf, not, if/then/else, local $ref. Other keywords
// (format among them) are ignored, as ajv ignores them with `strict: false`.

type Schema = boolean | Record<string, unknown>;
const MAX_REF_DEPTH = 64;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function hasType(data: unknown, type: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof data === 'string';
    case 'number':
      return typeof data === 'number' && isFinite(data);
    case 'integer':
      return typeof data === 'number' && !(data % 1) && !isNaN(data) && isFinite(data);
    case 'boolean':
      return typeof data === 'boolean';
    case 'null':
      return data === null;
    case 'array':
      return Array.isArray(data);
    case 'object':
      return isObject(data);
    default:
      return false;
  }
}

const regexps = new Map<string, RegExp>();
function regexp(source: string): RegExp {
  let re = regexps.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    regexps.set(source, re);
  }
  return re;
}

function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function resolveRef(root: Schema, ref: string): Schema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'boolean' || isObject(node) ? node : undefined;
}

/** Validates `data` against `schema`; returns every error found (empty when valid). */
export function interpret(schema: unknown, data: unknown): SchemaError[] {
  const root: Schema = typeof schema === 'boolean' || isObject(schema) ? schema : {};
  const errors: SchemaError[] = [];
  walk(root, root, data, '', errors, 0);
  return errors;
}

/** An interpreter-backed validator with ajv's calling convention. */
export function interpreterValidator(schema: unknown): { (data: unknown): boolean; errors?: SchemaError[] | null } {
  const validate = (data: unknown): boolean => {
    const errors = interpret(schema, data);
    validate.errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  validate.errors = null as SchemaError[] | null;
  return validate;
}

function walk(root: Schema, schema: Schema, data: unknown, path: string, errors: SchemaError[], depth: number): void {
  const fail = (keyword: string, params: Record<string, unknown> = {}, at = path) => errors.push({ instancePath: at, keyword, params });
  if (schema === true) return;
  if (schema === false) return void fail('false schema');
  const s = schema;

  if (typeof s.$ref === 'string') {
    // ajv 8 applies the keywords beside a $ref too (draft-07 would ignore them); so do we.
    const target = resolveRef(root, s.$ref);
    if (target === undefined || depth > MAX_REF_DEPTH) fail('$ref', { ref: s.$ref });
    else walk(root, target, data, path, errors, depth + 1);
  }

  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((t) => hasType(data, t))) fail('type', { type: Array.isArray(s.type) ? s.type.join(',') : s.type });
  }
  if (Array.isArray(s.enum) && !s.enum.some((v) => equal(v, data))) fail('enum', { allowedValues: s.enum });
  if ('const' in s && !equal(s.const, data)) fail('const', { allowedValue: s.const });

  // strictNumbers: NaN and Infinity are not numbers, so number keywords skip them (ajv does the same).
  if (typeof data === 'number' && isFinite(data)) numberKeywords(s, data, fail);
  if (typeof data === 'string') stringKeywords(s, data, fail);
  if (Array.isArray(data)) arrayKeywords(root, s, data, path, errors, depth, fail);
  if (isObject(data)) objectKeywords(root, s, data, path, errors, depth, fail);

  if (Array.isArray(s.allOf)) for (const sub of s.allOf) walk(root, sub as Schema, data, path, errors, depth + 1);
  if (Array.isArray(s.anyOf)) {
    const branches = s.anyOf.map((sub) => branch(root, sub as Schema, data, path, depth));
    if (!branches.some((b) => b.length === 0)) {
      for (const b of branches) errors.push(...b);
      fail('anyOf');
    }
  }
  if (Array.isArray(s.oneOf)) {
    const branches = s.oneOf.map((sub) => branch(root, sub as Schema, data, path, depth));
    const passing = branches.filter((b) => b.length === 0).length;
    if (passing !== 1) {
      if (passing === 0) for (const b of branches) errors.push(...b);
      fail('oneOf', { passingSchemas: passing });
    }
  }
  if (s.not !== undefined && branch(root, s.not as Schema, data, path, depth).length === 0) fail('not');
  if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
    const ok = branch(root, s.if as Schema, data, path, depth).length === 0;
    const next = ok ? s.then : s.else;
    if (next !== undefined) {
      const sub = branch(root, next as Schema, data, path, depth);
      if (sub.length) {
        errors.push(...sub);
        fail('if', { failingKeyword: ok ? 'then' : 'else' });
      }
    }
  }
}

function branch(root: Schema, schema: Schema, data: unknown, path: string, depth: number): SchemaError[] {
  const errors: SchemaError[] = [];
  walk(root, schema, data, path, errors, depth + 1);
  return errors;
}

type Fail = (keyword: string, params?: Record<string, unknown>, at?: string) => void;

function numberKeywords(s: Record<string, unknown>, data: number, fail: Fail): void {
  if (typeof s.minimum === 'number' && !(data >= s.minimum)) fail('minimum', { comparison: '>=', limit: s.minimum });
  if (typeof s.maximum === 'number' && !(data <= s.maximum)) fail('maximum', { comparison: '<=', limit: s.maximum });
  if (typeof s.exclusiveMinimum === 'number' && !(data > s.exclusiveMinimum)) fail('exclusiveMinimum', { comparison: '>', limit: s.exclusiveMinimum });
  if (typeof s.exclusiveMaximum === 'number' && !(data < s.exclusiveMaximum)) fail('exclusiveMaximum', { comparison: '<', limit: s.exclusiveMaximum });
  if (typeof s.multipleOf === 'number') {
    const q = data / s.multipleOf;
    if (q !== parseInt(String(q), 10)) fail('multipleOf', { multipleOf: s.multipleOf });
  }
}

function stringKeywords(s: Record<string, unknown>, data: string, fail: Fail): void {
  if (typeof s.minLength === 'number' && ucs2length(data) < s.minLength) fail('minLength', { limit: s.minLength });
  if (typeof s.maxLength === 'number' && ucs2length(data) > s.maxLength) fail('maxLength', { limit: s.maxLength });
  if (typeof s.pattern === 'string' && !regexp(s.pattern).test(data)) fail('pattern', { pattern: s.pattern });
}

function arrayKeywords(root: Schema, s: Record<string, unknown>, data: unknown[], path: string, errors: SchemaError[], depth: number, fail: Fail): void {
  if (typeof s.minItems === 'number' && data.length < s.minItems) fail('minItems', { limit: s.minItems });
  if (typeof s.maxItems === 'number' && data.length > s.maxItems) fail('maxItems', { limit: s.maxItems });
  if (Array.isArray(s.items)) {
    const tuple = s.items as Schema[];
    tuple.forEach((sub, i) => {
      if (i < data.length) walk(root, sub, data[i], pointer(path, i), errors, depth + 1);
    });
    if (s.additionalItems !== undefined && data.length > tuple.length) {
      if (s.additionalItems === false) fail('additionalItems', { limit: tuple.length });
      else for (let i = tuple.length; i < data.length; i++) walk(root, s.additionalItems as Schema, data[i], pointer(path, i), errors, depth + 1);
    }
  } else if (s.items !== undefined) {
    // Index loops, not forEach/some: holes of a sparse array are checked as undefined, as ajv does.
    for (let i = 0; i < data.length; i++) walk(root, s.items as Schema, data[i], pointer(path, i), errors, depth + 1);
  }
  if (s.contains !== undefined) {
    let found = false;
    for (let i = 0; i < data.length && !found; i++) found = branch(root, s.contains as Schema, data[i], pointer(path, i), depth).length === 0;
    if (!found) fail('contains');
  }
  if (s.uniqueItems === true) {
    outer: for (let i = data.length - 1; i > 0; i--) {
      for (let j = i - 1; j >= 0; j--) {
        if (equal(data[i], data[j])) {
          fail('uniqueItems', { i, j });
          break outer;
        }
      }
    }
  }
}

function objectKeywords(root: Schema, s: Record<string, unknown>, data: Record<string, unknown>, path: string, errors: SchemaError[], depth: number, fail: Fail): void {
  const keys = Object.keys(data);
  // ajv reads `data[key] === undefined` for required and properties; so do we, to give the same answers.
  if (Array.isArray(s.required)) for (const key of s.required) if (data[String(key)] === undefined) fail('required', { missingProperty: key });
  if (typeof s.minProperties === 'number' && keys.length < s.minProperties) fail('minProperties', { limit: s.minProperties });
  if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) fail('maxProperties', { limit: s.maxProperties });
  const properties = isObject(s.properties) ? s.properties : {};
  for (const key of Object.keys(properties)) {
    if (data[key] !== undefined) walk(root, properties[key] as Schema, data[key], pointer(path, key), errors, depth + 1);
  }
  const patterns = isObject(s.patternProperties) ? Object.keys(s.patternProperties) : [];
  for (const source of patterns) {
    for (const key of keys) {
      if (regexp(source).test(key)) walk(root, (s.patternProperties as Record<string, Schema>)[source], data[key], pointer(path, key), errors, depth + 1);
    }
  }
  if (s.additionalProperties !== undefined) {
    for (const key of keys) {
      if (Object.prototype.hasOwnProperty.call(properties, key) || patterns.some((p) => regexp(p).test(key))) continue;
      if (s.additionalProperties === false) fail('additionalProperties', { additionalProperty: key });
      else walk(root, s.additionalProperties as Schema, data[key], pointer(path, key), errors, depth + 1);
    }
  }
  if (s.propertyNames !== undefined) {
    for (const key of keys) {
      const sub = branch(root, s.propertyNames as Schema, key, path, depth);
      if (sub.length) {
        errors.push(...sub);
        fail('propertyNames', { propertyName: key });
      }
    }
  }
  if (isObject(s.dependencies)) {
    for (const [key, dep] of Object.entries(s.dependencies)) {
      if (data[key] === undefined) continue;
      if (Array.isArray(dep)) {
        for (const d of dep) if (data[String(d)] === undefined) fail('dependencies', { property: key, missingProperty: d });
      } else {
        walk(root, dep as Schema, data, path, errors, depth + 1);
      }
    }
  }
}
