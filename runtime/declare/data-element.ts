import type { DataElement, DataElementOptions, Params, ReadContext } from './types';

/** Shared builder of the data-element kind files (runtime/data-elements/*). */
/* @__NO_SIDE_EFFECTS__ */
export function dataElement<T>(
  kind: string,
  params: Params,
  read: (ctx: ReadContext) => unknown,
  options: DataElementOptions<T> = {},
): DataElement<T> {
  return { __tagc: 'dataElement', kind, params, read, ...options };
}
