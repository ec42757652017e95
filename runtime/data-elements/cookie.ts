import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';
import { readCookies } from '../core/cookies';

/** A cookie's decoded value; a malformed cookie reads as absent without affecting the others. */
/* @__NO_SIDE_EFFECTS__ */
export function cookie<T = string>(name: string, options?: DataElementOptions<T>) {
  return dataElement<T>('cookie', { name }, ({ win }) => readCookies(win.document)[name], options);
}
