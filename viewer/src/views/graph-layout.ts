import { Graph as LayoutGraph, layout } from '@dagrejs/dagre';
import type { Graph } from '../../../compiler/graph-types';

// The rule graph as positioned nodes and edges: events → rules → actions, data elements →
// rules. dagre lays it out left to right; the view only draws it.

export type GraphNodeKind = 'event' | 'rule' | 'action' | 'dataElement';

export interface LaidOutNode {
  id: string;
  kind: GraphNodeKind;
  label: string;
  /** Rule id for rule and action nodes, event key for events, name for data elements. */
  ref: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
}

const SIZE: Record<GraphNodeKind, { width: number; height: number }> = {
  event: { width: 200, height: 40 },
  dataElement: { width: 200, height: 36 },
  rule: { width: 240, height: 48 },
  action: { width: 300, height: 52 },
};

/** Which part of the graph to show: everything, or what touches one event / one rule. */
export interface GraphFocus {
  event?: string | null;
  rule?: string | null;
  /** Draw data elements → rules (default true). */
  dataElements?: boolean;
}

export function layoutGraph(graph: Graph, focus: GraphFocus = {}): { nodes: LaidOutNode[]; edges: LaidOutEdge[] } {
  const rules = graph.rules.filter((r) => (!focus.event || r.events.some((e) => e.key === focus.event)) && (!focus.rule || r.id === focus.rule));
  const nodes = new Map<string, Omit<LaidOutNode, 'x' | 'y'>>();
  const edges: LaidOutEdge[] = [];
  const node = (id: string, kind: GraphNodeKind, label: string, ref: string) => {
    if (!nodes.has(id)) nodes.set(id, { id, kind, label, ref, ...SIZE[kind] });
  };
  const edge = (source: string, target: string) => edges.push({ id: `${source}->${target}`, source, target });

  for (const r of rules) {
    const rid = `r:${r.id}`;
    node(rid, 'rule', r.id, r.id);
    for (const e of r.events) {
      if (focus.event && e.key !== focus.event) continue;
      node(`e:${e.key}`, 'event', e.label, e.key);
      edge(`e:${e.key}`, rid);
    }
    r.actions.forEach((a, i) => {
      const aid = `a:${r.id}:${i}`;
      node(aid, 'action', a.text, r.id);
      edge(rid, aid);
    });
    if (focus.dataElements !== false)
      for (const d of r.reads) {
        node(`d:${d}`, 'dataElement', d, d);
        edge(`d:${d}`, rid);
      }
  }

  const g = new LayoutGraph();
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 70, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes.values()) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of edges) g.setEdge(e.source, e.target);
  layout(g);

  return {
    // dagre gives centres; React Flow wants top-left corners.
    nodes: [...nodes.values()].map((n) => {
      const p = g.node(n.id) as { x: number; y: number };
      return { ...n, x: p.x - n.width / 2, y: p.y - n.height / 2 };
    }),
    edges,
  };
}
