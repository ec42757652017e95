import { hasOwn } from '../core/merge';
import { dataElement } from '../declare/data-element';
import { TOOLING } from '../declare/tooling';
import type { DataElement, DataElementOptions, Params, ReadContext } from '../declare/types';

// The generated entry's data-element table (readers.ts): rows rebuilt into declarations.

/**
 * A kind's reader of params, when its rows give their one param as a string that param's name, and
 * the kind's name, which only tooling reads (a bundle without it leaves the name out).
 */
export type KindReader = readonly [read: (params: never) => (ctx: ReadContext) => unknown, key?: string, kind?: string];
/**
 * A declaration as data (`[kind index, params, options]`, params as the string of the kind's one
 * param, or that string alone for kind 0 without options; a string that ends with a dot ends with
 * the element's name; a number n is the element's name with a dot after its first n characters and
 * the next one in lower case: compiler/phases/5-emit/data-element-rows.ts), or a declaration with code.
 */
export type TableRow = string | number | readonly [kind: number, params: Params | string | number, options?: DataElementOptions] | DataElement;

/**
 * The declarations of a table, by name and in its order, each as its factory would have made it.
 * A row becomes its declaration when it is first read (and stays so): start-up does no work per
 * data element, and a page builds only those its rules read.
 */
/* @__NO_SIDE_EFFECTS__ */
export function dataElementTable(kinds: readonly KindReader[], rows: Readonly<Record<string, TableRow>>): Record<string, DataElement> {
  const built: Record<string, DataElement> = {};
  const declaration = (name: string): DataElement => {
    const given = rows[name];
    const row = typeof given !== 'object' ? ([0, given] as const) : given;
    if (!Array.isArray(row)) return row as DataElement;
    const [index, value, options] = row as readonly [number, Params | string | number, DataElementOptions?];
    const [read, key] = kinds[index];
    // A string that ends with a dot ends with the element's name; a number splits the name (denseParam).
    const params = typeof value !== 'object' ? { [key!]: typeof value === 'number' ? `${name.slice(0, value)}.${name[value]!.toLowerCase()}${name.slice(value + 1)}` : value.endsWith('.') ? value + name : value } : value;
    return dataElement((read as (p: Params) => (ctx: ReadContext) => unknown)(params), options, TOOLING ? kinds[index][2]! : '', params);
  };
  // The rows are the target: their names, order and `in`/hasOwnProperty answers are the table's.
  return new Proxy(rows as Record<string, unknown>, {
    get: (target, name) => (typeof name === 'string' && hasOwn(target, name) ? (built[name] ??= declaration(name)) : Reflect.get(target, name)),
  }) as Record<string, DataElement>;
}
