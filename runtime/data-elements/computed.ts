import { dataElement } from '../declare/data-element';
import { TOOLING } from '../declare/tooling';
import type { DataElement, DataElementName, DataElementOptions, ReadContext } from '../declare/types';

type ComputedOptions<T> = DataElementOptions<T> & { reads?: readonly DataElementName[] };

/* @__NO_SIDE_EFFECTS__ */
function withReads<T>(read: (ctx: ReadContext) => T | undefined, options?: ComputedOptions<T>): DataElement<T> {
  return dataElement<T>(read, options, 'custom', { reads: options?.reads ?? [] });
}

/**
 * Custom reader code. Name every data element it reads in `reads`, so that the compiler can
 * check the references and find cycles. Only the compiler and the viewer read it: bundles without
 * debugging drop it with the viewer-only properties (compiler/viewer-only.ts), and call
 * dataElement itself (an options object left out stays out, not `void 0`).
 */
export const computed: <T = unknown>(read: (ctx: ReadContext) => T | undefined, options?: ComputedOptions<T>) => DataElement<T> = TOOLING ? withReads : dataElement;
