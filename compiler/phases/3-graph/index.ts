import type { Action, Condition, EventRef, EventSchemaDeclaration } from '../../../runtime/declare/types';
import type { GraphDataElement, GraphEventRef, GraphSchema, GraphStep } from '../../graph-types';
import { describeStep, toJson, type KindRegistry } from '../../kinds/registry';
import type { Loaded, LoadResult } from '../1-load';
import { codeReads, dataElementReads, findRefs } from '../2-validate/references';

// Phase 3: the container-wide rule graph. Environment-independent; phase 4 cuts it per env.

export interface GraphRuleNode {
  loaded: Loaded<import('../../../runtime/declare/types').Rule>;
  events: GraphEventRef[];
  conditions: GraphStep[];
  actions: GraphStep[];
  /** Data elements read directly. */
  reads: string[];
}

export interface ContainerGraph {
  rules: GraphRuleNode[];
  dataElements: Map<string, { loaded: Loaded<import('../../../runtime/declare/types').DataElement>; node: Omit<GraphDataElement, 'readBy'> }>;
  schemas: Map<string, { loaded: Loaded<EventSchemaDeclaration>; node: Omit<GraphSchema, 'validated'> }>;
  load: LoadResult;
}

export function eventRef(registry: KindRegistry, e: EventRef): GraphEventRef {
  if (typeof e === 'string') return { key: e, kind: 'dataLayer', label: e };
  return { key: e.key, kind: e.kind, label: describeStep(registry, 'events', e) };
}

function step(registry: KindRegistry, family: 'conditions' | 'actions', s: Condition | Action, ruleTimeout: number): GraphStep {
  const out: GraphStep = { kind: s.kind, params: (toJson(s.params) ?? {}) as Record<string, unknown>, text: describeStep(registry, family, s) };
  if (family === 'actions') {
    const a = s as Action;
    out.sends = a.sends;
    out.timeout = a.timeout ?? ruleTimeout;
  }
  return out;
}

function topLevelFields(schema: Record<string, unknown>): { required: string[]; optional: string[] } {
  // Required and optional fields as dotted paths, one level into objects, for the viewer.
  const required: string[] = [];
  const optional: string[] = [];
  const walk = (node: Record<string, unknown>, prefix: string, parentRequired: boolean) => {
    const props = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
    const req = new Set((node.required ?? []) as string[]);
    for (const [key, child] of Object.entries(props)) {
      if (key === 'event') continue;
      const path = prefix ? `${prefix}.${key}` : key;
      const isReq = parentRequired && req.has(key);
      if (child && child.type === 'object' && child.properties && prefix === '') walk(child, path, isReq);
      else (isReq ? required : optional).push(path);
    }
  };
  walk(schema, '', true);
  return { required, optional };
}

export function buildGraph(load: LoadResult, registry: KindRegistry): ContainerGraph {
  const dataElements: ContainerGraph['dataElements'] = new Map();
  for (const d of load.dataElements) {
    if (dataElements.has(d.exportName)) continue;
    const el = d.value;
    dataElements.set(d.exportName, {
      loaded: d,
      node: {
        name: d.exportName,
        kind: el.kind,
        file: d.file,
        description: el.description ?? '',
        params: (toJson(el.params) ?? {}) as Record<string, unknown>,
        text: describeStep(registry, 'data-elements', el),
        storage: el.storage ?? 'none',
        default: toJson(el.default) ?? null,
        clean: !!el.clean,
        lowerCase: !!el.lowerCase,
        reads: dataElementReads(el),
      },
    });
  }

  const schemas: ContainerGraph['schemas'] = new Map();
  for (const s of load.schemas) {
    if (schemas.has(s.value.event)) continue;
    schemas.set(s.value.event, {
      loaded: s,
      node: { event: s.value.event, file: s.file, description: s.value.description, provider: s.value.provider, schema: s.value.schema, ...topLevelFields(s.value.schema) },
    });
  }

  const rules: GraphRuleNode[] = load.rules.map((r) => {
    const rule = r.value;
    const reads = new Set<string>();
    for (const s of [...rule.conditions, ...rule.actions]) {
      for (const ref of findRefs(s.params)) reads.add(ref.name);
      for (const name of codeReads(s)) reads.add(name);
    }
    return {
      loaded: r,
      events: rule.events.map((e) => eventRef(registry, e)),
      conditions: rule.conditions.map((c) => step(registry, 'conditions', c, rule.timeout)),
      actions: rule.actions.map((a) => step(registry, 'actions', a, rule.timeout)),
      reads: [...reads].sort(),
    };
  });

  return { rules, dataElements, schemas, load };
}

/** A data element and every data element it reads, transitively. */
export function closure(graph: ContainerGraph, names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const stack = [...names];
  while (stack.length) {
    const name = stack.pop()!;
    if (out.has(name) || !graph.dataElements.has(name)) continue;
    out.add(name);
    stack.push(...graph.dataElements.get(name)!.node.reads);
  }
  return out;
}
