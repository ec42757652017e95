import { dataElement } from '../declare/data-element';
import type { DataElementOptions, ReadContext } from '../declare/types';
import { readCookies } from '../core/cookies';

/** The reader of a cookie declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readCookie = ({ name }: { name: string }) => ({ win }: ReadContext) => readCookies(win.document)[name];

/** A cookie's decoded value; a malformed cookie reads as absent without affecting the others. */
/* @__NO_SIDE_EFFECTS__ */
export function cookie<T = string>(name: string, options?: DataElementOptions<T>) {
  return dataElement<T>(readCookie({ name }), options, 'cookie', { name });
}
