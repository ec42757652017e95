import type { DiffReport } from '../../../compiler/diff/types';
import type { Graph, Manifest } from '../../../compiler/graph-types';

// The shape of manifest.json and graph.json as far as the viewer reads them, checked once when
// a file is loaded: a file of another shape (an older or newer build, a hand-edited file, the
// wrong file) is reported with where it differs, instead of failing somewhere inside a view.
// Objects may carry more fields (builds add fields). A few-line walker rather than a schema
// library: compiled once into predicates, it checks a 5,000-rule graph in about 20 ms without
// copying it, where zod (which copies what it parses) took 150–350 ms
// of the viewer's one-second load budget.

type Shape = 'string' | 'number' | 'boolean' | 'unknown' | 'string?' | 'number?' | 'string|null' | 'strings' | 'strings?' | 'record' | { $list: Shape } | { $map: Shape } | { $optional: Shape } | { [field: string]: Shape };

const step: Shape = { kind: 'string', params: 'record', text: 'string', sends: 'string?', timeout: 'number?' };
const eventRef: Shape = { key: 'string', kind: 'string', label: 'string' };

const GRAPH: Shape = {
  env: 'string',
  version: 'string',
  buildTime: 'string',
  hash: 'string',
  bundle: { file: 'string', bytes: 'number', gzipBytes: 'number' },
  settings: { debug: 'boolean', validate: 'boolean', description: 'string' },
  rules: {
    $list: {
      id: 'string',
      description: 'string',
      file: 'string',
      events: { $list: eventRef },
      conditions: { $list: step },
      actions: { $list: step },
      order: 'number',
      environments: 'strings',
      consent: 'string|null',
      gates: 'strings?',
      timeout: 'number',
      reads: 'strings',
      position: 'number',
    },
  },
  events: { $list: { ...eventRef, rules: 'strings', schema: 'string|null' } },
  dataElements: { $list: { name: 'string', kind: 'string', file: 'string', description: 'string', text: 'string', storage: 'string', default: 'unknown', reads: 'strings', readBy: 'strings' } },
  schemas: { $list: { event: 'string', file: 'string', description: 'string', provider: 'string', required: 'strings', optional: 'strings', validated: 'boolean' } },
  excluded: { rules: 'strings', dataElements: 'strings' },
  tables: { $list: { name: 'string', file: 'string', description: 'string', columns: 'strings', rows: { $list: 'record' } } },
  diagnostics: { $list: { code: 'string', severity: 'string', file: 'string', path: 'unknown', message: 'string' } },
};

const MANIFEST: Shape = {
  version: 'string',
  buildTime: 'string',
  environments: { $map: { file: 'string', bytes: 'number', gzipBytes: 'number', rules: 'number', dataElements: 'number', graph: 'string' } },
};

// `tagc diff --format json` (compiler/diff/types.ts), as far as Compare reads it.
const declarations: Shape = {
  added: { $list: { name: 'string', file: 'string' } },
  removed: { $list: { name: 'string', file: 'string' } },
  changed: { $list: { name: 'string', file: 'string', source: 'boolean', fields: 'strings' } },
};
const side: Shape = { $optional: { hash: 'string', buildTime: 'string', version: 'string' } };
const hostChanges: Shape = { $list: { host: 'string', directive: 'string' } };
const STRUCTURE: Shape = {
  env: 'string',
  base: side,
  head: side,
  identical: 'boolean',
  rules: declarations,
  dataElements: declarations,
  schemas: declarations,
  firingOrder: { $list: { event: 'string', label: 'string', base: 'strings', head: 'strings' } },
  consent: { $list: { rule: 'string', base: { gates: 'strings' }, head: { gates: 'strings' } } },
  hosts: { added: hostChanges, removed: hostChanges, changed: hostChanges },
  switched: { off: 'strings', on: 'strings' },
  size: { bytes: 'number', gzipBytes: 'number' },
};
const request: Shape = { method: 'string', transport: 'string', url: 'string', params: 'record' };
const addedRemoved: Shape = { added: 'strings', removed: 'strings' };
const BEHAVIOUR: Shape = {
  scenarios: 'number',
  runs: 'number',
  changes: {
    $list: {
      scenario: 'string',
      description: 'string',
      file: 'string',
      envs: {
        $list: {
          env: 'string',
          requests: {
            appeared: { $list: request },
            disappeared: { $list: request },
            changed: { $list: { url: 'string', method: 'string', transport: 'string', params: { $list: { key: 'string', label: 'string', base: 'string|null', head: 'string|null' } } } },
          },
          fired: addedRemoved,
          skipped: addedRemoved,
          failed: addedRemoved,
        },
      },
    },
  },
  failures: { $optional: { $list: { scenario: 'string', env: 'string' } } },
};
const DIFF_REPORT: Shape = {
  format: 'number',
  base: { label: 'string' },
  head: { label: 'string' },
  environments: 'strings',
  structure: { $list: STRUCTURE },
  behaviour: { $optional: BEHAVIOUR },
  failed: 'strings',
};

const MAX_ISSUES = 3;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const SIMPLE: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  unknown: () => true,
  'string?': (v) => v === undefined || typeof v === 'string',
  'number?': (v) => v === undefined || typeof v === 'number',
  'string|null': (v) => v === null || typeof v === 'string',
  strings: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  'strings?': (v) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string')),
  record: isObject,
};

const EXPECTED: Record<string, string> = { strings: 'a list of strings', 'strings?': 'a list of strings', record: 'an object', 'string|null': 'a string or null' };

/** Appends "path: expected …" for each difference, up to a few more than are shown. */
function walk(value: unknown, shape: Shape, path: string, issues: string[]): void {
  if (issues.length > MAX_ISSUES) return;
  const at = path || 'the top level';
  if (typeof shape === 'string') {
    if (!SIMPLE[shape]!(value)) issues.push(`${at}: expected ${EXPECTED[shape] ?? `a ${shape.replace('?', '')}`}`);
    return;
  }
  if ('$optional' in shape) {
    if (value != null) walk(value, shape.$optional as Shape, path, issues);
    return;
  }
  if ('$list' in shape) {
    if (!Array.isArray(value)) return void issues.push(`${at}: expected a list`);
    for (let i = 0; i < value.length && issues.length <= MAX_ISSUES; i++) walk(value[i], shape.$list as Shape, `${path}[${i}]`, issues);
    return;
  }
  if (!isObject(value)) return void issues.push(`${at}: expected an object`);
  if ('$map' in shape) {
    for (const [k, v] of Object.entries(value)) walk(v, shape.$map as Shape, `${path}${path ? '.' : ''}${k}`, issues);
    return;
  }
  for (const [k, s] of Object.entries(shape)) walk(value[k], s, `${path}${path ? '.' : ''}${k}`, issues);
}

/** The same test as `walk`, compiled once into predicates: no path strings on the way. */
function compile(shape: Shape): (v: unknown) => boolean {
  if (typeof shape === 'string') return SIMPLE[shape]!;
  if ('$optional' in shape) {
    const inner = compile(shape.$optional as Shape);
    return (v) => v == null || inner(v);
  }
  if ('$list' in shape) {
    const item = compile(shape.$list as Shape);
    return (v) => Array.isArray(v) && v.every(item);
  }
  if ('$map' in shape) {
    const item = compile(shape.$map as Shape);
    return (v) => isObject(v) && Object.values(v).every(item);
  }
  const fields = Object.entries(shape).map(([k, s]) => [k, compile(s)] as const);
  return (v) => {
    if (!isObject(v)) return false;
    for (const [k, test] of fields) if (!test(v[k])) return false;
    return true;
  };
}

export class ShapeError extends Error {}

const compiled = new Map<Shape, (v: unknown) => boolean>();

function check<T>(shape: Shape, value: unknown, what: string, kind = 'a build'): T {
  let fast = compiled.get(shape);
  if (!fast) compiled.set(shape, (fast = compile(shape)));
  if (fast(value)) return value as T;
  // Only a file that differs pays for saying where.
  const issues: string[] = [];
  walk(value, shape, '', issues);
  if (issues.length) {
    const more = issues.length > MAX_ISSUES ? ' (and more)' : '';
    throw new ShapeError(`${what} is not ${kind} this viewer can show: ${issues.slice(0, MAX_ISSUES).join('; ')}${more}`);
  }
  // Every field the viewer reads has been checked; the rest is passed through as built.
  return value as T;
}

export const checkDiffReport = (value: unknown, what: string): DiffReport => {
  const report = check<DiffReport>(DIFF_REPORT, value, what, 'a tagc diff report (--format json)');
  if (report.format !== 1) throw new ShapeError(`${what} is a tagc diff report of format ${report.format}; this viewer reads format 1`);
  return report;
};
export const checkGraph = (value: unknown, what: string): Graph => check<Graph>(GRAPH, value, what);
export const checkManifest = (value: unknown, what: string): Manifest => check<Manifest>(MANIFEST, value, what);
