import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft7 from 'ajv';
import type { z } from 'zod';
import type { Diagnostics } from '../../diagnostics';
import { describeStep, type KindRegistry } from '../../kinds/registry';
import type { Family } from '../../kinds/kind';
import type { LoadResult } from '../1-load';
import { dataElementEnvelope, ruleEnvelope, schemaEnvelope } from './envelopes';
import { codeReads, dataElementReads, findRefs, suggest } from './references';
import { proveConsent } from './consent-proof';
import { checkAnalyticsEvents } from './analytics-events';

// Phase 2: shapes (zod), kind params, references, cycles, duplicates, JSON Schema validity,
// and what can be proven dead. Problems become diagnostics; nothing is thrown.

type Path = (string | number)[];

/** One diagnostic per zod issue: `detail` is "<path> <message>". */
function zodIssues(error: z.ZodError, each: (detail: string, path: Path) => void): void {
  for (const issue of error.issues) each(`${issue.path.length ? `${issue.path.join('.')} ` : ''}${issue.message}`, issue.path as Path);
}

function checkKind(registry: KindRegistry, family: Family, step: { kind: string; params: Record<string, unknown> }, file: string, path: Path, diagnostics: Diagnostics): void {
  const spec = registry[family].get(step.kind);
  if (!spec) {
    const hint = suggest(step.kind, registry[family].keys());
    diagnostics.report('unknown_kind', file, { family: family.replace(/s$/, ''), kind: step.kind, hint }, path);
    return;
  }
  const parsed = spec.params.safeParse(step.params);
  if (!parsed.success) zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_params', file, { kind: step.kind, detail }, [...path, 'params', ...at]));
  if (family === 'conditions') {
    // Nested conditions (not, anyOf) are checked as conditions in their own right.
    const nested = step.params.condition ? [step.params.condition] : Array.isArray(step.params.conditions) ? step.params.conditions : [];
    nested.forEach((c, i) => {
      if (c && typeof c === 'object' && typeof (c as { kind?: unknown }).kind === 'string') {
        checkKind(registry, 'conditions', c as { kind: string; params: Record<string, unknown> }, file, [...path, 'params', step.params.condition ? 'condition' : i], diagnostics);
      }
    });
  }
}

export function validate(loaded: LoadResult, registry: KindRegistry, diagnostics: Diagnostics): void {
  // Schemas: one per event, valid JSON Schema.
  const schemaEvents = new Map<string, string>();
  const ajv7 = new AjvDraft7({ strict: false, validateSchema: false });
  const ajv2020 = new Ajv2020({ strict: false, validateSchema: false });
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

  // Data elements: shape, kind, unique names, references, cycles.
  const deFiles = new Map<string, string>();
  const deEdges = new Map<string, string[]>();
  for (const d of loaded.dataElements) {
    const parsed = dataElementEnvelope.safeParse(d.value);
    if (!parsed.success) {
      zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_data_element', d.file, { name: d.exportName, detail }, [d.exportName, ...at]));
      continue;
    }
    const prior = deFiles.get(d.exportName);
    if (prior) diagnostics.report('duplicate_data_element', d.file, { name: d.exportName, prior }, [d.exportName]);
    else deFiles.set(d.exportName, d.file);
    checkKind(registry, 'data-elements', d.value, d.file, [d.exportName], diagnostics);
    deEdges.set(d.exportName, dataElementReads(d.value));
  }
  for (const d of loaded.dataElements) {
    for (const name of deEdges.get(d.exportName) ?? []) {
      if (!deFiles.has(name)) {
        diagnostics.report('unknown_data_element', d.file, { name, reader: d.exportName, hint: suggest(name, deFiles.keys()) }, [d.exportName, 'params']);
      }
    }
  }
  for (const cycle of findCycles(deEdges)) {
    const file = deFiles.get(cycle[0]) ?? 'data-elements';
    diagnostics.report('data_element_cycle', file, { cycle }, [cycle[0]]);
  }

  // Rules: shape, unique ids, kinds, events, references, dead rules.
  const ruleFiles = new Map<string, string>();
  for (const r of loaded.rules) {
    const parsed = ruleEnvelope.safeParse(r.value);
    if (!parsed.success) {
      zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_rule', r.file, { detail }, at));
      continue;
    }
    const rule = r.value;
    const prior = ruleFiles.get(rule.id);
    if (prior) diagnostics.report('duplicate_id', r.file, { id: rule.id, prior }, ['id']);
    else ruleFiles.set(rule.id, r.file);

    rule.events.forEach((e, i) => {
      if (typeof e === 'string') {
        if (!schemaEvents.has(e)) {
          diagnostics.report('unknown_event', r.file, { event: e, hint: suggest(e, schemaEvents.keys()) }, ['events', i]);
        }
      } else checkKind(registry, 'events', e, r.file, ['events', i], diagnostics);
    });
    rule.conditions.forEach((c, i) => checkKind(registry, 'conditions', c, r.file, ['conditions', i], diagnostics));
    rule.actions.forEach((a, i) => checkKind(registry, 'actions', a, r.file, ['actions', i], diagnostics));

    for (const [part, steps] of [['conditions', rule.conditions], ['actions', rule.actions], ['events', rule.events]] as const) {
      steps.forEach((step, i) => {
        if (typeof step === 'string') return;
        for (const ref of findRefs(step.params)) {
          if (!deFiles.has(ref.name)) {
            diagnostics.report('unknown_data_element', r.file, { name: ref.name, hint: suggest(ref.name, deFiles.keys()) }, [part, i, 'params', ...ref.path]);
          }
        }
        for (const name of codeReads(step)) {
          if (!deFiles.has(name)) {
            diagnostics.report('unknown_data_element', r.file, { name, inCode: true, hint: suggest(name, deFiles.keys()) }, [part, i]);
          }
        }
      });
    }

    // A rule switched off (enabled: false) says so in graph.json; it is not a mistake to warn about.
    if (rule.enabled === false) continue;
    if (rule.environments.length === 0) diagnostics.report('dead_rule', r.file, { rule: rule.id, reason: 'is in no environment' }, ['environments']);
    const words = rule.conditions.map((c) => describeStep(registry, 'conditions', c));
    rule.conditions.forEach((c, i) => {
      if (c.kind !== 'not') return;
      const inner = describeStep(registry, 'conditions', c.params.condition as { kind: string; params: Record<string, unknown> });
      const j = words.indexOf(inner);
      if (j >= 0) diagnostics.report('dead_rule', r.file, { rule: rule.id, reason: `can never fire: condition ${j + 1} (${inner}) contradicts condition ${i + 1} (${words[i]})` }, ['conditions', i]);
    });
  }

  // Consent: every action that sends data runs only behind its category's consent.
  const wellFormed = loaded.rules.filter((r) => ruleEnvelope.safeParse(r.value).success);
  proveConsent(wellFormed, diagnostics);
  // Analytics event numbers: one data-layer event per number unless shared on purpose.
  checkAnalyticsEvents(wellFormed, registry, diagnostics);
}

/** Each elementary cycle once, found by depth-first search (Tarjan would do; the graph is small). */
export function findCycles(edges: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'active');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === 'active') {
        const cycle = stack.slice(stack.indexOf(next));
        const key = [...cycle].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}
