import { dataElement } from '../declare/data-element';
import type { DataElementName, DataElementOptions, ReadContext } from '../declare/types';

/** Computed from other data elements, named in `from` (the compiler checks them and their cycles). */
/* @__NO_SIDE_EFFECTS__ */
export function derived<T = unknown>(
  from: readonly DataElementName[],
  compute: (values: unknown[], ctx: ReadContext) => T | undefined,
  options?: DataElementOptions<T>,
) {
  // ctx.get (a scope's get, runtime/core/resolve.ts) reads its first argument only: no function of our own per input.
  return dataElement<T>((ctx) => compute(from.map(ctx.get), ctx), options, 'derived', { from });
}
