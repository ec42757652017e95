import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';

/** A fixed value. */
/* @__NO_SIDE_EFFECTS__ */
export function constant<T>(value: T, options?: DataElementOptions<T>) {
  return dataElement<T>('constant', { value }, () => value, options);
}
