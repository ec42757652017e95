import { TOOLING } from './tooling';
import type { DataElement, DataElementOptions, Params, ReadContext } from './types';

/** Shared builder of the data-element kind files (runtime/data-elements/*). */
/* @__NO_SIDE_EFFECTS__ */
export function dataElement<T>(
  read: (ctx: ReadContext) => unknown,
  options: DataElementOptions<T> = {},
  kind = '',
  params: Params = {},
): DataElement<T> {
  // The brand is the compiler's (runtime/declare/tooling.ts), as a rule's is; only tooling reads
  // a data element's kind and params, so bundles without it leave both out. They come last, so
  // that swc drops them where a bundle's calls pass them (unused trailing arguments), and they may
  // be left out (a bundle's computed() is dataElement itself: runtime/data-elements/computed.ts).
  return { ...(TOOLING ? { __tagc: 'dataElement', kind, params } : {}), read, ...options } as DataElement<T>;
}
