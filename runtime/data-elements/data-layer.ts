import { dataElement } from '../declare/data-element';
import type { DataElementOptions } from '../declare/types';
import { getPath } from '../core/merge';

/** A dotted path in the data layer's computed state (`page.pageName`). */
/* @__NO_SIDE_EFFECTS__ */
export function dataLayerValue<T = unknown>(path: string, options?: DataElementOptions<T>) {
  return dataElement<T>('dataLayer', { path }, ({ state }) => getPath(state, path), options);
}
