import type { EventSchemaDeclaration } from './types';

/** Declares the JSON Schema of one data-layer event; a module under schemas/ default-exports it. */
/* @__NO_SIDE_EFFECTS__ */
export function eventSchema(
  declaration: Omit<EventSchemaDeclaration, '__tagc' | 'provider'> & { provider?: EventSchemaDeclaration['provider'] },
): EventSchemaDeclaration {
  return { __tagc: 'schema', provider: 'Apollo', ...declaration };
}
