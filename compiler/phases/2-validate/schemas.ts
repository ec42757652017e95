import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft7 from 'ajv';
import type { Diagnostics } from '../../diagnostics';
import type { LoadResult } from '../1-load';
import { schemaEnvelope } from './envelopes';
import { zodIssues } from './kinds';

let metaValidators: { ajv7: AjvDraft7; ajv2020: Ajv2020 } | undefined;

/**
 * The validators of JSON Schemas themselves, one pair a process: each compiles its meta-schema
 * on first use (~0.1 s CPU for draft-07), and validating a schema leaves nothing behind in them.
 */
function validators(): { ajv7: AjvDraft7; ajv2020: Ajv2020 } {
  return (metaValidators ??= { ajv7: new AjvDraft7({ strict: false, validateSchema: false }), ajv2020: new Ajv2020({ strict: false, validateSchema: false }) });
}

/** Compiles the default (draft-07) meta-schema now, ahead of validateSchemas(). */
export function compileDefaultMetaSchema(): void {
  validators().ajv7.validateSchema({});
}

/** Schemas: the declaration's shape, one schema per event, valid JSON Schema. Returns event -> file. */
export function validateSchemas(loaded: LoadResult, diagnostics: Diagnostics): Map<string, string> {
  const schemaEvents = new Map<string, string>();
  const { ajv7, ajv2020 } = validators();
  for (const s of loaded.schemas) {
    const parsed = schemaEnvelope.safeParse(s.value);
    if (!parsed.success) {
      zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_schema_declaration', s.file, { detail }, at));
      continue;
    }
    const prior = schemaEvents.get(s.value.event);
    if (prior) diagnostics.report('duplicate_schema', s.file, { event: s.value.event, prior }, ['event']);
    else schemaEvents.set(s.value.event, s.file);
    const meta = String(s.value.schema.$schema ?? '');
    const ajv = meta.includes('2020-12') ? ajv2020 : ajv7;
    if (!ajv.validateSchema(s.value.schema)) {
      for (const e of ajv.errors ?? []) {
        diagnostics.report('invalid_json_schema', s.file, { where: e.instancePath.replace(/\//g, '.'), detail: e.message ?? 'is invalid' }, ['schema', ...e.instancePath.split('/').filter(Boolean)]);
      }
    }
  }
  return schemaEvents;
}
