import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';

/** The reader of a constant declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readConstant = ({ value }: { value: unknown }) => () => value;

/** A fixed value. */
/* @__NO_SIDE_EFFECTS__ */
export function constant<T>(value: T, options?: DataElementOptions<T>) {
  return dataElement<T>(readConstant({ value }), options, 'constant', { value });
}
