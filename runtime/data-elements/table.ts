import { dataElement } from '../declare/data-element';
import type { DataElement, DataElementOptions, Params, ReadContext } from '../declare/types';

// The generated entry's data-element table (readers.ts): rows rebuilt into declarations.

/** A kind's name and its reader of params. */
export type KindReader = readonly [kind: string, read: (params: never) => (ctx: ReadContext) => unknown];
/** A declaration as data (`[kind index, params, options]`), or a declaration with code. */
export type TableRow = readonly [kind: number, params: Params, options?: DataElementOptions] | DataElement;

/** The declarations of a table, by name and in its order, each as its factory would have made it. */
/* @__NO_SIDE_EFFECTS__ */
export function dataElementTable(kinds: readonly KindReader[], rows: Readonly<Record<string, TableRow>>): Record<string, DataElement> {
  const out: Record<string, DataElement> = {};
  for (const name of Object.keys(rows)) {
    const row = rows[name];
    if (!Array.isArray(row)) {
      out[name] = row as DataElement;
      continue;
    }
    const [index, params, options] = row as readonly [number, Params, DataElementOptions?];
    const [kind, read] = kinds[index];
    out[name] = dataElement(kind, params, (read as (p: Params) => (ctx: ReadContext) => unknown)(params), options);
  }
  return out;
}
