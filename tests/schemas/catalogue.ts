import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listModules } from '../../compiler/project';
import { validatorsCode } from '../../compiler/phases/5-emit/validators';
import type { EventSchemaDeclaration } from '../../runtime/declare/types';
import type { Validator } from '../../runtime/validation/errors';
import { REPO } from '../helpers/container';

// The repository's event schemas, and the validators a validating bundle carries for them
// (the very code compiler/phases/5-emit/validators.ts puts into the dev entry).

export type Json = Record<string, unknown>;

export async function loadCatalogue(): Promise<EventSchemaDeclaration[]> {
  const out: EventSchemaDeclaration[] = [];
  for (const abs of listModules(join(REPO, 'schemas'))) out.push(((await import(abs)) as { default: EventSchemaDeclaration }).default);
  return out;
}

let counter = 0;
/** Writes the generated validators module to a temporary file, imports it and removes the file. */
export async function compiledValidators(schemas: readonly EventSchemaDeclaration[]): Promise<Record<string, Validator>> {
  const dir = join(REPO, '.tagc-tmp', `validators-${process.pid}-${counter++}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'validators.ts');
  const runtime = JSON.stringify(join(REPO, 'runtime', 'validation', 'ajv-runtime.ts'));
  writeFileSync(file, `import { ucs2length as __tagcUcs2length, equal as __tagcEqual } from ${runtime};\nexport const validators = ${validatorsCode(schemas)};\n`);
  try {
    return ((await import(file)) as { validators: Record<string, Validator> }).validators;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const exampleOf = (d: EventSchemaDeclaration): Json => (d.schema.examples as Json[])[0];

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function wrongValueFor(schema: Json): unknown {
  switch (schema.type) {
    case 'string':
      return 42;
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not an object';
    default:
      return undefined;
  }
}

/**
 * Invalid payloads derived from a schema and its example: each required field removed (at any
 * depth along required groups), each field of the example given a wrong type, each declared
 * group given a wrong type, a wrong or missing event name, and an array for an object.
 */
export function invalidVariants(d: EventSchemaDeclaration): { why: string; payload: Json }[] {
  const example = exampleOf(d);
  const { event: _event, ...unnamed } = clone(example);
  const out: { why: string; payload: Json }[] = [
    { why: 'wrong event name', payload: { ...clone(example), event: `${d.event} (typo)` } },
    { why: 'without its event name', payload: unnamed },
    { why: 'an array, not an object', payload: [clone(example)] as unknown as Json },
  ];
  const walk = (schema: Json, value: unknown, path: string[]) => {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    for (const key of (schema.required ?? []) as string[]) {
      if (path.length === 0 && key === 'event') continue;
      const payload = clone(example);
      const parent = path.reduce<Json>((n, k) => n[k] as Json, payload);
      delete parent[key];
      out.push({ why: `without ${[...path, key].join('.')}`, payload });
    }
    for (const [key, child] of Object.entries(props)) {
      if (key === 'event') continue;
      const present = value && typeof value === 'object' && key in (value as Json);
      const wrong = wrongValueFor(child);
      if (wrong === undefined || (!present && path.length > 0)) continue;
      const payload = clone(example);
      const parent = path.reduce<Json>((n, k) => n[k] as Json, payload);
      parent[key] = wrong;
      out.push({ why: `${[...path, key].join('.')} of the wrong type`, payload });
      if (present && child.type === 'object') walk(child, (value as Json)[key], [...path, key]);
    }
  };
  walk(d.schema as Json, example, []);
  return out;
}
