import { dataElement } from '../declare/data-element';
import type { DataElementOptions, ReadContext } from '../declare/types';
import { byAddress } from './page-info';

/** The page's query parameters in order, parsed once per address for every queryParam element. */
const pageParams = byAddress((location) => [...new URLSearchParams(location.search)]);

/** The reader of a queryParam declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readQueryParam = ({ name, caseInsensitive }: { name: string; caseInsensitive: boolean }) => {
  const want = caseInsensitive ? name.toLowerCase() : name;
  // The first parameter of that name, as URLSearchParams.get finds it.
  return ({ win }: ReadContext) => pageParams(win).find(([k]) => (caseInsensitive ? k.toLowerCase() : k) === want)?.[1];
};

/** A query-string parameter of the page URL; `caseInsensitive` matches the name in any case. */
/* @__NO_SIDE_EFFECTS__ */
export function queryParam<T = string>(name: string, options?: DataElementOptions<T> & { caseInsensitive?: boolean }) {
  const params = { name, caseInsensitive: !!options?.caseInsensitive };
  return dataElement<T>(readQueryParam(params), options, 'queryParam', params);
}
