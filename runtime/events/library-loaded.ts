import type { EventSource } from '../declare/types';
import { TOOLING } from '../declare/tooling';

/** Fires once, as soon as the bundle has started (before pre-pushed data-layer entries run). */
/* @__NO_SIDE_EFFECTS__ */
export function libraryLoaded(): EventSource<undefined> {
  return { kind: TOOLING ? 'libraryLoaded' : '', key: '@libraryLoaded', params: {}, listen: (emit) => emit() };
}
