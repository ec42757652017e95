import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft7, { type ErrorObject, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

// The validators of JSON Schemas themselves (validateSchemas): ajv compiles a meta-schema on first
// use, generating and evaluating its code, which cost 0.3-0.9 s of the compiler's thread in a
// build (draft-07; it ran while the load's continuation waited). The draft-07 validator is kept,
// as ajv's own standalone code for it, in the compiler's cache, keyed by ajv's version and the
// options below: a later process evaluates that code (~1 ms) instead. It is the very function ajv
// compiles, so its verdicts and error objects are ajv's. Schemas naming another meta-schema (or
// draft-07 by a spelling other than its two) go to ajv itself, as before.

const OPTIONS = { strict: false, validateSchema: false } as const;
/** How a schema names draft-07 (or does not name a meta-schema: draft-07 is ajv's default). */
const DRAFT_07 = new Set([undefined, '', 'http://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-07/schema#']);
/** What the standalone code may require: ajv's runtime helpers (the draft-07 meta-schema uses equal). */
const RUNTIME = /^ajv\/dist\/runtime\/[a-z0-9]+$/;
const requireHere = createRequire(import.meta.url);
const CACHE = join(requireHere.resolve('ajv/package.json'), '..', '..', '.cache', 'tagc', 'meta-schemas');

type Errors = ErrorObject[] | null | undefined;
type MetaValidator = ((schema: unknown) => boolean) & { errors?: Errors };

let ajvs: { ajv7: AjvDraft7; ajv2020?: Ajv2020 } | undefined;
let draft07: MetaValidator | undefined;

/** ajv's draft-07 instance; it keeps its compiled meta-schema's source for the cache. */
function ajv7(): AjvDraft7 {
  return (ajvs ??= { ajv7: new AjvDraft7({ ...OPTIONS, code: { source: true } }) }).ajv7;
}

function ajv2020(): Ajv2020 {
  const all = (ajvs ??= { ajv7: new AjvDraft7({ ...OPTIONS, code: { source: true } }) });
  return (all.ajv2020 ??= new Ajv2020(OPTIONS));
}

function cacheFile(): string {
  const version = (JSON.parse(readFileSync(requireHere.resolve('ajv/package.json'), 'utf8')) as { version: string }).version;
  const options = createHash('sha256').update(JSON.stringify(OPTIONS)).digest('hex').slice(0, 12);
  return join(CACHE, `draft-07-ajv-${version}-${options}.cjs`);
}

/** The cached standalone validator, evaluated; undefined when there is none (or it cannot run). */
function cached(file: string): MetaValidator | undefined {
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const module = { exports: {} as unknown };
  const require = (id: string): unknown => {
    if (!RUNTIME.test(id)) throw new Error(`standalone meta-schema code requires ${id}`);
    return requireHere(id);
  };
  try {
    new Function('module', 'exports', 'require', code)(module, module.exports, require);
  } catch {
    return undefined;
  }
  return typeof module.exports === 'function' ? (module.exports as MetaValidator) : undefined;
}

/** ajv compiles the meta-schema; its standalone code is written for the next process (a failed write costs only time). */
function compiled(file: string): MetaValidator {
  const ajv = ajv7();
  const validate = ajv.getSchema(ajv.defaultMeta() as string) as ValidateFunction;
  try {
    mkdirSync(CACHE, { recursive: true });
    const tmp = `${file}.${process.pid}-${threadId}.tmp`; // test workers share a pid
    writeFileSync(tmp, standaloneCode(ajv, validate));
    renameSync(tmp, file);
  } catch {
    // read-only or full: the next process compiles again
  }
  return validate;
}

function draft07Validator(): MetaValidator {
  if (draft07) return draft07;
  const file = cacheFile();
  return (draft07 = cached(file) ?? compiled(file));
}

/** Readies the draft-07 meta-schema validator now, ahead of the first metaSchemaErrors(). */
export function prepareMetaSchema(): void {
  draft07Validator();
}

/** How `schema` fails its meta-schema (ajv's errors), or null when it is valid JSON Schema. */
export function metaSchemaErrors(schema: Record<string, unknown>): ErrorObject[] | null {
  const named = schema.$schema;
  if (DRAFT_07.has(named as string | undefined)) {
    const validate = draft07Validator();
    return validate(schema) ? null : (validate.errors ?? []);
  }
  const ajv = String(named ?? '').includes('2020-12') ? ajv2020() : ajv7();
  return ajv.validateSchema(schema) ? null : (ajv.errors ?? []);
}
