import { dataElement } from '../declare/data-element';
import { TOOLING } from '../declare/tooling';
import type { DataElementName, DataElementOptions, ReadContext } from '../declare/types';

/**
 * Custom reader code. Name every data element it reads in `reads`, so that the compiler can
 * check the references and find cycles. Only the compiler and the viewer read it: bundles without
 * debugging drop it with the viewer-only properties (compiler/viewer-only.ts).
 */
/* @__NO_SIDE_EFFECTS__ */
export function computed<T = unknown>(
  read: (ctx: ReadContext) => T | undefined,
  options?: DataElementOptions<T> & { reads?: readonly DataElementName[] },
) {
  return dataElement<T>(read, options, 'custom', TOOLING ? { reads: options?.reads ?? [] } : {});
}
