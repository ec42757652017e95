import type { Diagnostics } from '../../diagnostics';
import type { LoadResult } from '../1-load';
import { schemaEnvelope } from './envelopes';
import { zodIssues } from './kinds';
import { metaSchemaErrors } from './meta-schemas';

/** Schemas: the declaration's shape, one schema per event, valid JSON Schema. Returns event -> file. */
export function validateSchemas(loaded: LoadResult, diagnostics: Diagnostics): Map<string, string> {
  const schemaEvents = new Map<string, string>();
  for (const s of loaded.schemas) {
    const parsed = schemaEnvelope.safeParse(s.value);
    if (!parsed.success) {
      zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_schema_declaration', s.file, { detail }, at));
      continue;
    }
    const prior = schemaEvents.get(s.value.event);
    if (prior) diagnostics.report('duplicate_schema', s.file, { event: s.value.event, prior }, ['event']);
    else schemaEvents.set(s.value.event, s.file);
    for (const e of metaSchemaErrors(s.value.schema) ?? []) {
      diagnostics.report('invalid_json_schema', s.file, { where: e.instancePath.replace(/\//g, '.'), detail: e.message ?? 'is invalid' }, ['schema', ...e.instancePath.split('/').filter(Boolean)]);
    }
  }
  return schemaEvents;
}
