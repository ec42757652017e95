import { z } from 'zod';
import { ENVIRONMENTS } from '../../../runtime/declare/types';

// The shapes of declarations as loaded (after the authoring API applied its defaults). Kind
// params are checked separately, by each kind's own schema in compiler/kinds/.

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'must be a function');
const params = z.record(z.string(), z.unknown());
const env = z.enum(ENVIRONMENTS as [string, ...string[]]);
export const consentCategory = z.enum(['analytics', 'advertising', 'performance']);
export const sendCategory = z.enum(['analytics', 'advertising', 'performance', 'necessary']);
const timeout = z.number().int('must be a whole number of milliseconds').positive('must be positive').max(60_000, 'must be at most 60000 ms');

export const eventSource = z.object({ kind: z.string().min(1), key: z.string().min(1), params, listen: fn.optional() });
export const condition = z.object({ kind: z.string().min(1), params, test: fn });
export const action = z.object({ kind: z.string().min(1), params, sends: sendCategory, timeout: timeout.optional(), run: fn });

export const ruleEnvelope = z.object({
  __tagc: z.literal('rule'),
  id: z.string().regex(/^[a-z0-9]+(?:[-.][a-z0-9]+)*$/, 'must be lower-case kebab-case (a-z, 0-9, -)'),
  description: z.string().trim().min(1, 'is required').refine((s) => !s.includes('\n'), 'must be one line'),
  events: z.array(z.union([z.string().min(1), eventSource])).min(1, 'needs at least one event'),
  conditions: z.array(condition),
  actions: z.array(action).min(1, 'needs at least one action'),
  order: z.number().int('must be a whole number').min(0, 'must be at least 0').max(10_000, 'must be at most 10000'),
  environments: z.array(env),
  enabled: z.boolean().optional(),
  consent: consentCategory.nullable(),
  timeout,
});

export const dataElementEnvelope = z.object({
  __tagc: z.literal('dataElement'),
  kind: z.string().min(1),
  params,
  read: fn,
  description: z.string().optional(),
  storage: z.enum(['none', 'pageview', 'session', 'visitor']).optional(),
  clean: z.boolean().optional(),
  lowerCase: z.boolean().optional(),
  expose: z.boolean().optional(),
  environments: z.array(env).optional(),
});

export const schemaEnvelope = z.object({
  __tagc: z.literal('schema'),
  event: z.string().trim().min(1),
  description: z.string().min(1),
  provider: z.enum(['Apollo', 'Disabled']),
  schema: z.record(z.string(), z.unknown()),
});
