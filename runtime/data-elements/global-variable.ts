import { dataElement } from '../declare/data-element';
import type { DataElementOptions, ReadContext } from '../declare/types';

/** The reader of a globalVariable declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readGlobalVariable = ({ path }: { path: string }) => {
  const parts = path.trim().split('.');
  return ({ win }: ReadContext) => {
    let node: unknown = win;
    for (const part of parts) {
      if (node === null || node === undefined) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  };
};

/** A page global at a dotted path (`digitalData.page.name`), as Launch's "JavaScript Variable". */
/* @__NO_SIDE_EFFECTS__ */
export function globalVariable<T = unknown>(path: string, options?: DataElementOptions<T>) {
  return dataElement<T>(readGlobalVariable({ path }), options, 'globalVariable', { path });
}
