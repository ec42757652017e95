import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';

/** A query-string parameter of the page URL; `caseInsensitive` matches the name in any case. */
/* @__NO_SIDE_EFFECTS__ */
export function queryParam<T = string>(name: string, options?: DataElementOptions<T> & { caseInsensitive?: boolean }) {
  const lower = name.toLowerCase();
  return dataElement<T>(
    'queryParam',
    { name, caseInsensitive: !!options?.caseInsensitive },
    ({ win }) => {
      const params = new URLSearchParams(win.location.search);
      if (!options?.caseInsensitive) return params.get(name) ?? undefined;
      for (const [k, v] of params) if (k.toLowerCase() === lower) return v;
      return undefined;
    },
    options,
  );
}
