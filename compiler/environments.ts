import type { Env } from '../runtime/declare/types';
import { OPTIONAL_FIELDS, unsetConstant, type OptionalField } from '../runtime/declare/unset-options';

// Per-environment compile-time constants. A flag that is false removes its code from the
// bundle (esbuild define + dead-code elimination; `DEBUG:` labels are dropped).

export interface EnvironmentSettings {
  name: Env;
  /** Debug and info logging compiled in (switched on at run time with tagc.debug(true)). */
  debug: boolean;
  /** Event payload validation compiled in. */
  validate: boolean;
  description: string;
}

export const environments: Record<Env, EnvironmentSettings> = {
  test: { name: 'test', debug: true, validate: true, description: 'Automated tests and UAT; debug logging on by default.' },
  dev: { name: 'dev', debug: true, validate: true, description: 'Development host.' },
  stg: { name: 'stg', debug: true, validate: true, description: 'Staging host.' },
  prod: { name: 'prod', debug: false, validate: false, description: 'Public production sites: no debug logging, no validator.' },
  internal: { name: 'internal', debug: false, validate: false, description: 'Internal hosts; production behaviour.' },
};

export const ENV_NAMES = Object.keys(environments) as Env[];

/**
 * `unset`: the optional fields no module of the project names (5-emit/unset-options.ts). Every
 * field is defined, false unless listed; a build with debugging keeps them all, as it keeps tooling.
 */
export function defines(env: EnvironmentSettings, unset: ReadonlySet<OptionalField> = new Set()): Record<string, string> {
  return {
    __TAGC_ENV__: JSON.stringify(env.name),
    __TAGC_DEBUG__: String(env.debug),
    __TAGC_VALIDATE__: String(env.validate),
    __TAGC_TOOLING__: String(env.debug),
    ...Object.fromEntries(OPTIONAL_FIELDS.map((field) => [unsetConstant(field), String(!env.debug && unset.has(field))])),
  };
}

/**
 * The compile-time constants of `env` as globals, for runtime modules run in Node outside a
 * bundle (the loader's declarations, the bench's runtime figures). A constant already set is kept.
 */
export function defineGlobals(env: EnvironmentSettings): void {
  const g = globalThis as Record<string, unknown>;
  for (const [name, value] of Object.entries(defines(env))) g[name] ??= JSON.parse(value) as unknown;
}
