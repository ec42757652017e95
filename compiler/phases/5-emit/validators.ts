import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft7 from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { ContainerGraph } from '../3-graph';
import type { EnvPlan } from '../4-plan';
import { KEPT_STRINGS, KeptOutputs, workingCode } from '../../kept-outputs';
import { runtimeModule } from './runtime-modules';

// Build-time payload validators (spec §5): ajv compiles each `Apollo` schema to standalone
// JavaScript, so no bundle needs eval or new Function. Only entries of environments that
// validate get this code; prod and internal entries import nothing of it.

/** The options both validators share; the run-time interpreter follows the same semantics. */
export const AJV_OPTIONS = { strict: false, allErrors: true, strictNumbers: true, validateFormats: false, messages: false } as const;

/** ajv's runtime helpers, replaced by tagc's own copies (no npm code in bundles). */
const HELPERS: Record<string, string> = {
  'ajv/dist/runtime/ucs2length': '__tagcUcs2length',
  'ajv/dist/runtime/equal': '__tagcEqual',
};

export interface SiteValidation {
  service: { host: string; prefix: string; organization: string; property: string } | null;
  reportUrl: string | null;
  resetBefore: string[];
  consentCookie: string | null;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The validation and data-layer settings of rules/site.config.ts (all optional). */
export function siteValidation(site: Record<string, unknown> | undefined): SiteValidation {
  const validation = record(site?.validation);
  const svc = record(validation.schemaService);
  const host = text(record(site?.hosts).schemaService);
  const prefix = text(svc.prefix);
  const organization = text(svc.organization);
  const property = text(svc.property);
  const dataLayer = record(site?.dataLayer);
  return {
    service: host && prefix && organization && property ? { host, prefix, organization, property } : null,
    reportUrl: text(validation.reportUrl),
    resetBefore: Array.isArray(dataLayer.resetBefore) ? dataLayer.resetBefore.filter((e): e is string => typeof e === 'string') : [],
    consentCookie: text(dataLayer.consentCookie),
  };
}

/** A copy without annotations (examples, descriptions), which would only add bytes to the bundle. */
export function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'examples' && Array.isArray(v)) || ((k === 'description' || k === 'title' || k === '$comment') && typeof v === 'string')) continue;
    out[k] = withoutAnnotations(v);
  }
  return out;
}

/** Module source defining `validators` by event name, from ajv standalone code. */
export function validatorsCode(schemas: readonly { event: string; schema: Record<string, unknown> }[]): string {
  const groups = new Map<'2020' | '7', { event: string; schema: Record<string, unknown> }[]>();
  for (const s of schemas) {
    const draft = /2020-12|2019-09/.test(String(s.schema.$schema ?? '')) ? '2020' : '7';
    groups.set(draft, [...(groups.get(draft) ?? []), s]);
  }
  const parts: string[] = [];
  for (const [draft, list] of groups) {
    const options = { ...AJV_OPTIONS, code: { source: true, esm: true, lines: false, optimize: true } };
    const ajv = draft === '2020' ? new Ajv2020(options) : new AjvDraft7(options);
    const exports: Record<string, string> = {};
    list.forEach((s, i) => {
      ajv.addSchema(withoutAnnotations(s.schema) as object, `tagc:${s.event}`);
      exports[`v${i}`] = `tagc:${s.event}`;
    });
    let code = standaloneCode(ajv, exports).replace(/^"use strict";/, '');
    code = code.replace(/require\("([^"]+)"\)\.default/g, (_, mod: string) => {
      const local = HELPERS[mod];
      if (!local) throw new Error(`a schema needs ajv's runtime module ${mod}, which tagc does not ship; simplify the schema`);
      return local;
    });
    if (/\brequire\(|\bnew Function\b|\beval\(/.test(code)) throw new Error('ajv produced code that needs require, eval or new Function');
    code = code.replace(/export const (v\d+) = /g, 'const $1 = ');
    // Bytes: tagc reads neither schemaPath nor the two-branch error push ajv writes at every check.
    code = code
      .replace(/schemaPath:"(?:[^"\\]|\\.)*",/g, '')
      .replace(/if\(vErrors === null\)\{vErrors = \[(err\d+)\];\}else \{vErrors\.push\(\1\);\}/g, '(vErrors||(vErrors=[])).push($1);');
    const table = list.map((s, i) => `${JSON.stringify(s.event)}: v${i}`).join(', ');
    parts.push(`(() => {${code}\nreturn { ${table} };\n})()`);
  }
  return parts.length ? `Object.assign({}, ${parts.join(', ')})` : '{}';
}

// Every validating environment gets the same validators: ajv compiles them once per graph (it was
// the compiler's largest CPU cost, three identical compilations per build).
const validatorsByGraph = new WeakMap<ContainerGraph, string>();

/**
 * Entry additions for one environment where it validates: the imports (runtime/validation/ of the
 * runtime the bundle is built from, `runtimeStart`) and the `validate` config entry.
 */
export function validationEntry(graph: ContainerGraph, plan: EnvPlan, site: SiteValidation, build: string, runtimeStart: string, keptFile?: string): { prelude: string[]; config: Record<string, string> } {
  const config: Record<string, string> = {};
  if (!plan.env.validate) return { prelude: [], config };
  const all = [...graph.schemas.values()].map((s) => s.node);
  const apollo = all.filter((s) => s.provider === 'Apollo');
  const disabled = all.filter((s) => s.provider === 'Disabled').map((s) => s.event);
  const prelude = [
    `import { createPayloadValidation as __tagcValidation } from ${JSON.stringify(runtimeModule(runtimeStart, 'validation/index.ts'))};`,
    `import { ucs2length as __tagcUcs2length, equal as __tagcEqual } from ${JSON.stringify(runtimeModule(runtimeStart, 'validation/ajv-runtime.ts'))};`,
    `const __tagcValidators = ${validatorsByGraph.get(graph) ?? validatorsByGraph.set(graph, keptValidatorsCode(apollo, keptFile)).get(graph)!};`,
  ];
  const service = site.service ? { ...site.service, build } : null;
  config.validate = `__tagcValidation({ validators: __tagcValidators, disabled: ${JSON.stringify(disabled)}, service: ${JSON.stringify(service)}, report: ${JSON.stringify(site.reportUrl)} })`;
  return { prelude, config };
}

/** validatorsCode, reused from the last build while the schemas, ajv and this module are unchanged. */
function keptValidatorsCode(schemas: readonly { event: string; schema: Record<string, unknown> }[], keptFile: string | undefined): string {
  const kept = new KeptOutputs(keptFile, KEPT_STRINGS);
  const key = kept.key(workingCode(import.meta.url, ['ajv']), schemas.map((s) => [s.event, s.schema]));
  let code = kept.get(key);
  if (code === undefined) kept.set(key, (code = validatorsCode(schemas)));
  kept.save();
  return code;
}
