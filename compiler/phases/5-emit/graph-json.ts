import type { Diagnostic } from '../../diagnostics';
import type { Graph, GraphDataElement, GraphEvent, GraphRule, HostUse } from '../../graph-types';
import { ruleGuarantees } from '../2-validate/consent-proof';
import type { Loaded } from '../1-load';
import type { ContainerGraph, GraphRuleNode } from '../3-graph';
import { declarationKey } from '../3-graph/hashes';
import type { EnvPlan } from '../4-plan';
import type { Bundle } from './bundle';
import type { BuildStamp } from './entry';

// build/<env>/graph.json: what the viewer reads.

type HashOf = (d: Loaded<unknown>) => string | undefined;

const hashesOf = (hashes: Map<string, string>): HashOf => (d) => hashes.get(declarationKey(d));

/** A rule's entry: the same in every environment but for its position in the firing order. */
function ruleEntry(r: GraphRuleNode, position: number, hashOf: HashOf): GraphRule {
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
}

export function graphJson(graph: ContainerGraph, plan: EnvPlan, bundle: Bundle, stamp: BuildStamp, diagnostics: Diagnostic[], hashes: Map<string, string> = new Map()): Graph {
  const hashOf = hashesOf(hashes);
  return graphWith(graph, plan, bundle, stamp, diagnostics, hashOf, plan.rules.map((r, position) => ruleEntry(r, position, hashOf)));
}

/** Each rule's graph.json entry as UTF-8, split around its position (RuleTexts). */
export type RuleTexts = Map<GraphRuleNode, [before: Buffer, after: Buffer]>;

const INDENT = 1; // graph.json is written with one space an indentation level
const RULES_KEY = '\n "rules": ';
const POSITION_KEY = '\n   "position": ';
const SEPARATOR = ',\n  ';

/**
 * graph.json's bytes, the UTF-8 of JSON.stringify({ ...graphJson(...), hosts }, null, 1), with each
 * rule's entry serialized and encoded once for all the environments of a build (`texts`, shared):
 * at 5,000 rules the entries are most of an 11 MB file, and only their positions differ between
 * environments. The file is put together as bytes, not as one string that writing would flatten
 * and encode again in each environment. An entry is written at the depth the rules list puts it
 * (two levels: its lines indented by two more spaces; JSON text has no raw line break inside a
 * string).
 */
export function graphJsonBytes(graph: ContainerGraph, plan: EnvPlan, bundle: Bundle, stamp: BuildStamp, diagnostics: Diagnostic[], hashes: Map<string, string>, hosts: HostUse[] | undefined, texts: RuleTexts): Buffer {
  const hashOf = hashesOf(hashes);
  const text = JSON.stringify({ ...graphWith(graph, plan, bundle, stamp, diagnostics, hashOf, []), hosts }, null, INDENT);
  if (!plan.rules.length) return Buffer.from(text);
  const entries = plan.rules.map((r) => {
    let split = texts.get(r);
    if (!split) {
      const entry = JSON.stringify(ruleEntry(r, 0, hashOf), null, INDENT).replaceAll('\n', '\n  ');
      const at = entry.indexOf(POSITION_KEY) + POSITION_KEY.length;
      texts.set(r, (split = [Buffer.from(entry.slice(0, at)), Buffer.from(entry.slice(at + 1))]));
    }
    return split;
  });
  const at = text.indexOf(RULES_KEY) + RULES_KEY.length;
  const separator = Buffer.from(SEPARATOR);
  const parts = entries.flatMap(([before, after], position) => [...(position ? [separator] : []), before, Buffer.from(String(position)), after]);
  return Buffer.concat([Buffer.from(`${text.slice(0, at)}[\n  `), ...parts, Buffer.from(`\n ]${text.slice(at + 2)}`)]);
}

/** Every rule a data element is read by: directly, or through the data elements that read it. */
function readers(graph: ContainerGraph, plan: EnvPlan): Map<string, Set<string>> {
  // What each name reaches through data elements' reads, itself included: walked once per name, not once per rule.
  const reached = new Map<string, string[]>();
  const reach = (name: string): string[] => {
    let names = reached.get(name);
    if (!names) {
      const seen = new Set<string>();
      const walk = (n: string) => {
        if (seen.has(n)) return;
        seen.add(n);
        for (const next of graph.dataElements.get(n)?.node.reads ?? []) walk(next);
      };
      walk(name);
      reached.set(name, (names = [...seen]));
    }
    return names;
  };
  const readBy = new Map<string, Set<string>>();
  for (const r of plan.rules) {
    const id = r.loaded.value.id;
    for (const read of r.reads) for (const name of reach(read)) (readBy.get(name) ?? readBy.set(name, new Set()).get(name)!).add(id);
  }
  return readBy;
}

function graphWith(graph: ContainerGraph, plan: EnvPlan, bundle: Bundle, stamp: BuildStamp, diagnostics: Diagnostic[], hashOf: HashOf, rules: GraphRule[]): Graph {
  const env = plan.env.name;
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

  const readBy = readers(graph, plan);

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
