import type { EventSource } from '../declare/types';
import { TOOLING } from '../declare/tooling';

/** Fires on `tagc.track(name, detail)`; the detail is the payload. */
/* @__NO_SIDE_EFFECTS__ */
export function directCall<P = unknown>(name: string): EventSource<P> {
  return { kind: TOOLING ? 'directCall' : '', key: `@call:${name}`, params: TOOLING ? { name } : {} };
}
