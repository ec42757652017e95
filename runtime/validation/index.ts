import type { JsonState } from '../declare/types';
import { egressBeacon, egressFetch } from '../core/egress';
import { log, reason } from '../core/log';
import { describeError, formatIssue, type PayloadIssue, type Validator } from './errors';
import { interpreterValidator } from './interpret';
import { createSchemaService, type SchemaServiceConfig } from './schema-service';

// Payload validation (spec §5, §8), compiled only into bundles of environments that validate
// (test, dev, stg): the generated entry imports this module there and nowhere else, so the
// prod and internal bundles carry none of it. A failing payload is marked, warned, optionally
// reported, and still dispatched.

export const VALIDATION_FAILED = 'EVENT PAYLOAD VALIDATION FAILED';

/** What rules see on a payload that failed validation (non-enumerable: kept out of the computed state). */
export interface ValidationMark {
  valid: false;
  errors: PayloadIssue[];
}

export interface ValidationFailure {
  event: string;
  errors: PayloadIssue[];
  url: string;
}

export interface ValidationOptions {
  /** Build-time validators (ajv standalone code) by event name. */
  validators: Readonly<Record<string, Validator>>;
  /** Events whose provider is `Disabled`: never validated. */
  disabled?: readonly string[];
  /** Where schemas of events the build has none for are fetched; null: such events are not validated. */
  service?: SchemaServiceConfig | null;
  /** Failure reporting: a URL that receives each failure as JSON (sendBeacon), or a function. */
  report?: string | ((failure: ValidationFailure) => void) | null;
}

function reporter(report: ValidationOptions['report']): ((failure: ValidationFailure) => void) | undefined {
  if (typeof report === 'function') return report;
  if (typeof report !== 'string' || !report) return undefined;
  return (failure) => {
    const body = JSON.stringify(failure);
    const win = globalThis as Window & typeof globalThis;
    if (egressBeacon(win, 'necessary', report, body) === false) void egressFetch(win, 'necessary', report, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  };
}

/** The data layer's validation hook: checks `payload` against its event's schema. */
export function createPayloadValidation(options: ValidationOptions): (name: string, payload: JsonState) => void {
  const disabled = new Set(options.disabled ?? []);
  const service = options.service ? createSchemaService(options.service) : null;
  const send = reporter(options.report);

  function check(name: string, payload: JsonState, validate: Validator, late: boolean): void {
    if (validate(payload)) return;
    const errors = (validate.errors ?? []).map(describeError);
    const mark: ValidationMark = { valid: false, errors };
    try {
      Object.defineProperty(payload, '__validation', { value: mark, enumerable: false, configurable: true });
    } catch {
      // A frozen payload stays unmarked; the warning still goes out.
    }
    log.warn(`${VALIDATION_FAILED}: "${name}"${late ? ' (schema arrived after dispatch)' : ''}\n${errors.map((e) => `  - ${formatIssue(e)}`).join('\n')}`);
    try {
      send?.({ event: name, errors, url: globalThis.location?.href ?? '' });
    } catch (error) {
      log.warn(`Validation report failed: ${reason(error)}`);
    }
  }

  return (name, payload) => {
    if (disabled.has(name)) return;
    const compiled = Object.prototype.hasOwnProperty.call(options.validators, name) ? options.validators[name] : undefined;
    if (compiled) return check(name, payload, compiled, false);
    if (!service) return;
    // A run-time schema: interpreted (no code generation). Cached ones check before dispatch;
    // otherwise the check follows when the schema arrives, after the rules have run.
    const fresh = service.cached(name);
    if (fresh) return check(name, payload, interpreterValidator(fresh), false);
    void service.load(name).then((schema) => {
      if (schema) check(name, payload, interpreterValidator(schema), true);
    });
  };
}
