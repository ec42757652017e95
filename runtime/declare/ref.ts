import { mapValues } from '../core/merge';
import type { DataElementName, DataElementRef } from './types';

/** A reference to a data element by name, resolved when the rule runs. */
/* @__NO_SIDE_EFFECTS__ */
export function de(name: DataElementName): DataElementRef {
  return { $de: name };
}

/** `de` of each value: `{ eVar22: 'pageName' }` -> `{ eVar22: de('pageName') }`. */
/* @__NO_SIDE_EFFECTS__ */
export function deEach(names: Readonly<Record<string, DataElementName>>): Record<string, DataElementRef> {
  return mapValues(names, de);
}

export function isRef(value: unknown): value is DataElementRef {
  return typeof value === 'object' && value !== null && typeof (value as DataElementRef).$de === 'string';
}
