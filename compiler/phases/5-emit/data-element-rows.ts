import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { esbuild } from '../../esbuild-api';
import type { DataElement } from '../../../runtime/declare/types';
import { besideRuntime } from './runtime-modules';
import { VIEWER_ONLY_PROPERTIES } from '../../viewer-only';

// Which data elements a bundle carries as data (runtime/data-elements/readers.ts): those of a
// kind the runtime has a reader of params for, whose params and options are plain JSON. They are
// rebuilt from [kind, params, options] exactly as their factory made them; any other (custom
// code, a non-JSON default) stays an import of its module.

/** The runtime's readers module, the kinds it reads, and the module that rebuilds table rows. */
export interface DataElementReaders {
  file: string;
  kinds: ReadonlySet<string>;
  table: string;
}

/** The readers and table modules beside a runtime's core/start.ts; undefined when that runtime has none. */
export async function dataElementReaders(runtimeStart: string): Promise<DataElementReaders | undefined> {
  const file = besideRuntime(runtimeStart, 'data-elements/readers.ts');
  const table = besideRuntime(runtimeStart, 'data-elements/table.ts');
  if (!existsSync(file) || !existsSync(table)) return undefined;
  return { file, kinds: new Set(await exportNames(file)), table };
}

/** The names a module exports, read by esbuild without running it (tsx need not be registered). */
async function exportNames(file: string): Promise<string[]> {
  const result = await esbuild.build({ entryPoints: [file], bundle: false, write: false, metafile: true, format: 'esm', outdir: dirname(file), logLevel: 'silent' });
  return Object.values(result.metafile.outputs).flatMap((o) => o.exports);
}

/** A declaration as data: its kind, params and the options a bundle keeps. */
export interface DataRow {
  kind: string;
  params: Record<string, unknown>;
  options: Record<string, unknown>;
}

const SHAPE = new Set(['__tagc', 'kind', 'params', 'read']);

const jsonSafe = (value: unknown) => {
  try {
    return isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value);
  } catch {
    return false;
  }
};

/** `el` as a row, or undefined when it must stay code; `strip` drops the viewer-only options, as the bundle's modules do. */
export function dataRow(el: DataElement, readers: DataElementReaders | undefined, strip: boolean): DataRow | undefined {
  if (!readers?.kinds.has(el.kind)) return undefined;
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(el)) if (!SHAPE.has(key) && !(strip && VIEWER_ONLY_PROPERTIES.has(key))) options[key] = value;
  const params = { ...el.params };
  return jsonSafe(params) && jsonSafe(options) ? { kind: el.kind, params, options } : undefined;
}

/** A kind of a table: its name and, when every row of it has one string param, that param's name. */
export interface TableKind {
  kind: string;
  key?: string;
}

/**
 * Rows in the dense form runtime/data-elements/table.ts reads: the kinds most used first; a row
 * of a kind whose rows all have one string param carries that string for its params (the kind
 * names the param); such a row of the first kind without options is that string alone.
 * Most data elements read one data-layer path: `"page.siteSection1"` instead of
 * `[0,{path:"page.siteSection1"}]` (prod -60 B gzip -9).
 */
export function denseRows(rows: readonly (readonly [name: string, row: DataRow])[]): { kinds: TableKind[]; rows: [name: string, row: unknown][] } {
  const byKind = new Map<string, DataRow[]>();
  for (const [, row] of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
  const kinds = [...byKind].sort((a, b) => b[1].length - a[1].length).map(([kind, of]): TableKind => ({ kind, ...loneKey(of) }));
  const index = new Map(kinds.map((k, i) => [k.kind, i]));
  const dense = rows.map(([name, row]): [string, unknown] => {
    const i = index.get(row.kind)!;
    const key = kinds[i]!.key;
    const value = key === undefined ? undefined : denseParam(row.params[key] as string, name);
    const params = value ?? row.params;
    const hasOptions = Object.keys(row.options).length > 0;
    if (i === 0 && value !== undefined && !hasOptions) return [name, params];
    return [name, hasOptions ? [i, params, row.options] : [i, params]];
  });
  return { kinds, rows: dense };
}

/**
 * A lone string param as a row writes it: one that ends with `.` and the element's name ends with
 * the dot (`siteSection1: "page."` for `"page.siteSection1"`: prod -53 B gzip -9); one that is the
 * element's name with a dot inserted and the next letter in lower case, the length before the dot
 * (`userAdvisorId: 4` for `"user.advisorId"`: prod -45 B); a string that ends with a dot itself
 * cannot be written so (undefined: the row keeps its params object).
 */
function denseParam(value: string, name: string): string | number | undefined {
  if (value.endsWith('.')) return undefined;
  if (name && value.endsWith(`.${name}`)) return value.slice(0, -name.length);
  const dot = value.indexOf('.');
  return dot > 0 && name.length > dot && `${name.slice(0, dot)}.${name[dot]!.toLowerCase()}${name.slice(dot + 1)}` === value ? dot : value;
}

/** `{ key }` when every row has exactly that one param, a string; else nothing. */
function loneKey(rows: readonly DataRow[]): { key?: string } {
  const keys = Object.keys(rows[0]!.params);
  const key = keys.length === 1 ? keys[0]! : undefined;
  const lone = key !== undefined && rows.every((r) => Object.keys(r.params).length === 1 && typeof r.params[key] === 'string');
  return lone ? { key } : {};
}
