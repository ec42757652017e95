import { z } from 'zod';
import type { Env } from '../../runtime/declare/types';
import type { HostUse } from '../graph-types';

// The compiler's half of a kind: how its params are validated and how the viewer says it in
// plain words. The runtime half lives in runtime/<family>/ under the same kind name.

export type Family = 'events' | 'conditions' | 'actions' | 'data-elements';

export interface Words {
  /** A param value in words: `de()` references become «name». */
  value(v: unknown): string;
  /** A nested condition in words. */
  condition(c: unknown): string;
}

/** A host a step can contact (the rule and env are added by the inventory). */
export type HostRequest = Omit<HostUse, 'rules'>;

/**
 * The analytics events a step sends as declared (`event61`, `event105=…`, `scAdd`), and those of
 * them it shares on purpose with other data-layer events (the duplicate-number check lets them be).
 */
export interface AnalyticsEventsSent {
  sends: readonly string[];
  shared?: readonly string[];
}

export interface KindSpec<P = Record<string, unknown>> {
  kind: string;
  params: z.ZodType<P>;
  describe(params: P, words: Words): string;
  /** The hosts a step of this kind can contact in an environment (the host inventory, CSP). */
  hosts?(params: P, env: Env): HostRequest[];
  /** The analytics events a step of this kind sends (the duplicate event-number check). */
  analyticsEvents?(params: P): AnalyticsEventsSent;
}

export function defineKind<S extends z.ZodType>(spec: {
  kind: string;
  params: S;
  describe(params: z.infer<S>, words: Words): string;
  hosts?(params: z.infer<S>, env: Env): HostRequest[];
  analyticsEvents?(params: z.infer<S>): AnalyticsEventsSent;
}): KindSpec<z.infer<S>> {
  return spec as unknown as KindSpec<z.infer<S>>;
}

/**
 * A step's params as its kind parses them, once per build for each step object: validation checks
 * every step and each environment's host inventory reads the actions again, and a shared step (an
 * imported gate such as a consent condition) sits in thousands of rules. Loaded declarations are
 * not changed after loading, so the object stands for its params.
 */
const parsedSteps = new WeakMap<z.ZodType, WeakMap<object, z.ZodSafeParseResult<unknown>>>();

export function parseParams<P>(spec: KindSpec<P>, step: { params?: unknown }): z.ZodSafeParseResult<P> {
  let bySchema = parsedSteps.get(spec.params);
  if (!bySchema) parsedSteps.set(spec.params, (bySchema = new WeakMap()));
  let parsed = bySchema.get(step);
  if (!parsed) bySchema.set(step, (parsed = spec.params.safeParse(step.params)));
  return parsed as z.ZodSafeParseResult<P>;
}

/** A `de()` reference in params. */
export const ref = z.object({ $de: z.string().min(1) }).strict();
/** A param that may be a literal or a data-element reference. */
export const valueOrRef = z.union([ref, z.string(), z.number(), z.boolean(), z.null()]);
/** A nested condition or action descriptor (its runtime function is not checked here). */
export const descriptor = z.object({ kind: z.string(), params: z.record(z.string(), z.unknown()) }).passthrough();

/** A host in the inventory: a host name (port allowed), `*.` a domain's subdomains, or `'self'` (the page's origin). */
export const inventoryHost = z.string().regex(/^('self'|\*\.[a-z0-9-]+(\.[a-z0-9-]+)+|[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?)$/i, "a host name, *.domain or 'self'");

/** The host of an absolute URL (`'self'` for a relative one), for `hosts()`. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "'self'";
  }
}
