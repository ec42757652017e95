import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';
import { getItem } from '../core/storage';

/** The readers of localStorage and sessionStorage declarations' params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readLocalItem = ({ key }: { key: string }) => () => getItem('local', key) ?? undefined;
/* @__NO_SIDE_EFFECTS__ */
export const readSessionItem = ({ key }: { key: string }) => () => getItem('session', key) ?? undefined;

/** An item of localStorage. */
/* @__NO_SIDE_EFFECTS__ */
export function localItem<T = string>(key: string, options?: DataElementOptions<T>) {
  return dataElement<T>(readLocalItem({ key }), options, 'localStorage', { key });
}

/** An item of sessionStorage. */
/* @__NO_SIDE_EFFECTS__ */
export function sessionItem<T = string>(key: string, options?: DataElementOptions<T>) {
  return dataElement<T>(readSessionItem({ key }), options, 'sessionStorage', { key });
}
