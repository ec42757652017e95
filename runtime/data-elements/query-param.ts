import { dataElement } from '../declare/data-element';
import type { DataElementOptions, ReadContext } from '../declare/types';

/** The reader of a queryParam declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readQueryParam = ({ name, caseInsensitive }: { name: string; caseInsensitive: boolean }) => {
  const lower = name.toLowerCase();
  return ({ win }: ReadContext) => {
    const params = new URLSearchParams(win.location.search);
    if (!caseInsensitive) return params.get(name) ?? undefined;
    for (const [k, v] of params) if (k.toLowerCase() === lower) return v;
    return undefined;
  };
};

/** A query-string parameter of the page URL; `caseInsensitive` matches the name in any case. */
/* @__NO_SIDE_EFFECTS__ */
export function queryParam<T = string>(name: string, options?: DataElementOptions<T> & { caseInsensitive?: boolean }) {
  const params = { name, caseInsensitive: !!options?.caseInsensitive };
  return dataElement<T>(readQueryParam(params), options, 'queryParam', params);
}
