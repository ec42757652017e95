import { hasOwn } from '../core/merge';
import { dataElement } from '../declare/data-element';
import type { DataElement, DataElementOptions, Params, ReadContext } from '../declare/types';

// The generated entry's data-element table (readers.ts): rows rebuilt into declarations.

/** A kind's name and its reader of params. */
export type KindReader = readonly [kind: string, read: (params: never) => (ctx: ReadContext) => unknown];
/** A declaration as data (`[kind index, params, options]`), or a declaration with code. */
export type TableRow = readonly [kind: number, params: Params, options?: DataElementOptions] | DataElement;

/**
 * The declarations of a table, by name and in its order, each as its factory would have made it.
 * A row becomes its declaration when it is first read (and stays so): start-up does no work per
 * data element, and a page builds only those its rules read.
 */
/* @__NO_SIDE_EFFECTS__ */
export function dataElementTable(kinds: readonly KindReader[], rows: Readonly<Record<string, TableRow>>): Record<string, DataElement> {
  const built: Record<string, DataElement> = {};
  const declaration = (name: string): DataElement => {
    const row = rows[name];
    if (!Array.isArray(row)) return row as DataElement;
    const [index, params, options] = row as readonly [number, Params, DataElementOptions?];
    const [kind, read] = kinds[index];
    return dataElement(kind, params, (read as (p: Params) => (ctx: ReadContext) => unknown)(params), options);
  };
  // The rows are the target: their names, order and `in`/hasOwnProperty answers are the table's.
  return new Proxy(rows as Record<string, unknown>, {
    get: (target, name) => (typeof name === 'string' && hasOwn(target, name) ? (built[name] ??= declaration(name)) : Reflect.get(target, name)),
  }) as Record<string, DataElement>;
}
