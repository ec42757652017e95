import { dataElement } from '../declare/data-element';
import type { DataElementOptions, ReadContext } from '../declare/types';
import { getParts } from '../core/merge';

/** The reader of a dataLayer declaration's params (readers.ts). */
/* @__NO_SIDE_EFFECTS__ */
export const readDataLayer = ({ path }: { path: string }) => {
  const parts = path.split('.');
  return ({ state }: ReadContext) => getParts(state, parts);
};

/** A dotted path in the data layer's computed state (`page.pageName`). */
/* @__NO_SIDE_EFFECTS__ */
export function dataLayerValue<T = unknown>(path: string, options?: DataElementOptions<T>) {
  return dataElement<T>(readDataLayer({ path }), options, 'dataLayer', { path });
}
