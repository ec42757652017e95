import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';

/** A page global at a dotted path (`digitalData.page.name`), as Launch's "JavaScript Variable". */
/* @__NO_SIDE_EFFECTS__ */
export function globalVariable<T = unknown>(path: string, options?: DataElementOptions<T>) {
  const parts = path.trim().split('.');
  return dataElement<T>(
    'globalVariable',
    { path },
    ({ win }) => {
      let node: unknown = win;
      for (const part of parts) {
        if (node === null || node === undefined) return undefined;
        node = (node as Record<string, unknown>)[part];
      }
      return node;
    },
    options,
  );
}
