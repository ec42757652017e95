import * as z from 'zod/mini';
import type { Graph, Manifest } from '../../../compiler/graph-types';

// The shape of manifest.json and graph.json as far as the viewer reads them, checked once when
// a file is loaded: a file of another shape (an older or newer build, a hand-edited file, the
// wrong file) is reported with where it differs, instead of failing somewhere inside a view.
// Objects are loose: builds may carry fields this viewer does not know yet.

const str = z.string();
const strings = z.array(z.string());
const num = z.number();
const category = z.nullable(z.string());

const step = z.looseObject({ kind: str, params: z.record(z.string(), z.unknown()), text: str, sends: z.optional(str), timeout: z.optional(num) });
const eventRef = z.looseObject({ key: str, kind: str, label: str });

const rule = z.looseObject({
  id: str,
  description: str,
  file: str,
  events: z.array(eventRef),
  conditions: z.array(step),
  actions: z.array(step),
  order: num,
  environments: strings,
  consent: category,
  gates: z.optional(strings),
  timeout: num,
  reads: strings,
  position: num,
});

const graph = z.looseObject({
  env: str,
  version: str,
  buildTime: str,
  hash: str,
  bundle: z.looseObject({ file: str, bytes: num, gzipBytes: num }),
  settings: z.looseObject({ debug: z.boolean(), validate: z.boolean(), description: str }),
  rules: z.array(rule),
  events: z.array(z.looseObject({ key: str, kind: str, label: str, rules: strings, schema: z.nullable(str) })),
  dataElements: z.array(
    z.looseObject({ name: str, kind: str, file: str, description: str, text: str, storage: str, default: z.unknown(), reads: strings, readBy: strings }),
  ),
  schemas: z.array(z.looseObject({ event: str, file: str, description: str, provider: str, required: strings, optional: strings, validated: z.boolean() })),
  excluded: z.looseObject({ rules: strings, dataElements: strings }),
  tables: z.array(z.looseObject({ name: str, file: str, description: str, columns: strings, rows: z.array(z.record(z.string(), z.unknown())) })),
  diagnostics: z.array(z.looseObject({ code: str, severity: str, file: str, path: z.array(z.union([str, num])), message: str })),
});

const manifest = z.looseObject({
  version: str,
  buildTime: str,
  environments: z.record(
    z.string(),
    z.looseObject({ file: str, bytes: num, gzipBytes: num, rules: num, dataElements: num, graph: str }),
  ),
});

const MAX_ISSUES = 3;

function describe(issues: readonly z.core.$ZodIssue[]): string {
  const where = (path: readonly PropertyKey[]) =>
    path.length ? path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') : 'the top level';
  const listed = issues.slice(0, MAX_ISSUES).map((i) => `${where(i.path)}: ${i.message}`);
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return `${listed.join('; ')}${more}`;
}

export class ShapeError extends Error {}

function check<T>(schema: z.ZodMiniType, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ShapeError(`${what} is not a build this viewer can show: ${describe(result.error.issues)}`);
  // The schema above checks every field the viewer reads; the rest is passed through as built.
  return value as T;
}

export const checkGraph = (value: unknown, what: string): Graph => check<Graph>(graph, value, what);
export const checkManifest = (value: unknown, what: string): Manifest => check<Manifest>(manifest, value, what);
