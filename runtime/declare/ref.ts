import type { DataElementName, DataElementRef } from './types';

/** A reference to a data element by name, resolved when the rule runs. */
/* @__NO_SIDE_EFFECTS__ */
export function de(name: DataElementName): DataElementRef {
  return { $de: name };
}

export function isRef(value: unknown): value is DataElementRef {
  return typeof value === 'object' && value !== null && typeof (value as DataElementRef).$de === 'string';
}
