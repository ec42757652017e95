import { dataElement } from '../declare/data-element';
import type { DataElementName, DataElementOptions, ReadContext } from '../declare/types';

/** Computed from other data elements, named in `from` (the compiler checks them and their cycles). */
/* @__NO_SIDE_EFFECTS__ */
export function derived<T = unknown>(
  from: readonly DataElementName[],
  compute: (values: unknown[], ctx: ReadContext) => T | undefined,
  options?: DataElementOptions<T>,
) {
  return dataElement<T>((ctx) => compute(from.map((name) => ctx.get(name)), ctx), options, 'derived', { from });
}
