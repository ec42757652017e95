import { TOOLING } from './tooling';
import type { Env } from './types';

/**
 * Values that differ by environment (a script's URL for each): tooling (the compiler's checks,
 * graph.json, the viewer) gets them all; a bundle without tooling only its own environment's, the
 * one its runtime looks up. Where they come from the site configuration, such a bundle carries
 * only that member of it (compiler/phases/5-emit/site-config-use.ts).
 */
/* @__NO_SIDE_EFFECTS__ */
export function forEnvironment<T>(values: Readonly<Partial<Record<Env, T>>>): Partial<Record<Env, T>> {
  return TOOLING ? { ...values } : { [__TAGC_ENV__]: values[__TAGC_ENV__] };
}
