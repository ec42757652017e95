import type { Diagnostic } from '../../diagnostics';
import type { Graph, GraphDataElement, GraphEvent, GraphRule } from '../../graph-types';
import { ruleGuarantees } from '../2-validate/consent-proof';
import type { Loaded } from '../1-load';
import type { ContainerGraph } from '../3-graph';
import { declarationKey } from '../3-graph/hashes';
import type { EnvPlan } from '../4-plan';
import type { Bundle } from './bundle';
import type { BuildStamp } from './entry';

// build/<env>/graph.json: what the viewer reads.

export function graphJson(graph: ContainerGraph, plan: EnvPlan, bundle: Bundle, stamp: BuildStamp, diagnostics: Diagnostic[], hashes: Map<string, string> = new Map()): Graph {
  const hashOf = (d: Loaded<unknown>) => hashes.get(declarationKey(d));
  const env = plan.env.name;
  const rules: GraphRule[] = plan.rules.map((r, position) => {
    const rule = r.loaded.value;
    return {
      id: rule.id,
      description: rule.description,
      file: r.loaded.file,
      events: r.events,
      conditions: r.conditions,
      actions: r.actions,
      order: rule.order,
      environments: [...rule.environments],
      consent: rule.consent,
      gates: [...ruleGuarantees(rule)].sort(),
      timeout: rule.timeout,
      reads: r.reads,
      position,
      hash: hashOf(r.loaded),
    };
  });

  const events = new Map<string, GraphEvent>();
  for (const r of plan.rules) {
    for (const e of r.events) {
      if (!events.has(e.key)) {
        const schema = e.kind === 'dataLayer' ? graph.schemas.get(e.key)?.node.file ?? null : null;
        const indices = plan.table[e.key] ?? [];
        events.set(e.key, { ...e, schema, rules: indices.map((i) => plan.rules[i].loaded.value.id) });
      }
    }
  }
  for (const [name, s] of graph.schemas) {
    if (!events.has(name)) events.set(name, { key: name, kind: 'dataLayer', label: name, schema: s.node.file, rules: [] });
  }

  // readBy: rules reading a data element directly or through other data elements.
  const readBy = new Map<string, Set<string>>();
  const reach = (name: string, ruleId: string, seen: Set<string>) => {
    if (seen.has(name)) return;
    seen.add(name);
    (readBy.get(name) ?? readBy.set(name, new Set()).get(name)!).add(ruleId);
    for (const next of graph.dataElements.get(name)?.node.reads ?? []) reach(next, ruleId, seen);
  };
  for (const r of plan.rules) for (const name of r.reads) reach(name, r.loaded.value.id, new Set());

  const dataElements: GraphDataElement[] = plan.dataElements.map((name) => ({
    ...graph.dataElements.get(name)!.node,
    readBy: [...(readBy.get(name) ?? [])].sort(),
    hash: hashOf(graph.dataElements.get(name)!.loaded),
  }));

  return {
    env,
    version: stamp.version,
    buildTime: stamp.buildTime,
    hash: bundle.hash,
    bundle: { file: `${env}/${bundle.fileName}`, bytes: bundle.bytes, gzipBytes: bundle.gzipBytes, integrity: bundle.integrity },
    settings: { debug: plan.env.debug, validate: plan.env.validate, description: plan.env.description },
    rules,
    events: [...events.values()].sort((a, b) => a.label.localeCompare(b.label)),
    dataElements,
    schemas: [...graph.schemas.values()].map((s) => ({ ...s.node, validated: plan.env.validate && s.node.provider === 'Apollo', hash: hashOf(s.loaded) })),
    excluded: plan.excluded,
    off: plan.off.map((r) => ({ id: r.loaded.value.id, file: r.loaded.file, description: r.loaded.value.description })),
    tables: graph.load.tables.map((t) => ({ name: t.value.name, file: t.file, description: t.value.description, columns: [...t.value.columns], rows: t.value.rows.map((r) => ({ ...r })) })),
    diagnostics,
  };
}
