import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';
import { getItem } from '../core/storage';

/** An item of localStorage. */
/* @__NO_SIDE_EFFECTS__ */
export function localItem<T = string>(key: string, options?: DataElementOptions<T>) {
  return dataElement<T>('localStorage', { key }, () => getItem('local', key) ?? undefined, options);
}

/** An item of sessionStorage. */
/* @__NO_SIDE_EFFECTS__ */
export function sessionItem<T = string>(key: string, options?: DataElementOptions<T>) {
  return dataElement<T>('sessionStorage', { key }, () => getItem('session', key) ?? undefined, options);
}
