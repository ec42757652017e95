import type { Graph, GraphRule } from '../../../compiler/graph-types';

// The rule graph as positioned nodes and edges, in three columns: events and data elements →
// rules → actions. Rules are stacked top to bottom in the runtime's firing order (a layered
// layout's crossing minimisation would reorder them, which is the one thing analysts read the
// graph for); each rule's actions sit beside it in order, and each event or data element at the
// height of the rules it feeds. Node sizes come from their labels, so nothing is clipped.

export type GraphNodeKind = 'event' | 'rule' | 'action' | 'dataElement';

export interface LaidOutNode {
  id: string;
  kind: GraphNodeKind;
  label: string;
  /** The whole text when `label` is shortened (long action texts). */
  title: string;
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

/** Which part of the graph to show: one event, the rules reading one data element, one rule, or all. */
export interface GraphFocus {
  event?: string | null;
  element?: string | null;
  rule?: string | null;
  /** Draw data elements → rules (default true). */
  dataElements?: boolean;
  /** A window of the focused rules in firing order: from the `from`-th (0-based), at most `limit`. */
  from?: number;
  limit?: number;
}

const WIDTH: Record<GraphNodeKind, number> = { event: 220, dataElement: 220, rule: 260, action: 340 };
const COLUMN_GAP = 90;
const ROW_GAP = 14;
const STACK_GAP = 8;
/**
 * Layout metrics of the node CSS (.flow-node): labels 12.5px system-ui on 17px lines, rule labels
 * bold. Character widths are generous averages, so an estimate errs towards a taller node.
 */
export const METRICS = { charPx: 7.6, boldCharPx: 8.3, linePx: 17, kindPx: 15, padX: 26, padY: 14 };
/** An action's text lists every variable it sets; the node shows its start, the tooltip all. */
export const MAX_ACTION_CHARS = 160;

/**
 * Lines `text` takes in `width` px, wrapped as a browser does: at spaces and after hyphens,
 * and inside a word longer than a line.
 */
export function wrappedLines(text: string, width: number, charPx = METRICS.charPx): number {
  const perLine = Math.max(8, Math.floor((width - METRICS.padX) / charPx));
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    word.split(/(?<=-)/).forEach((part, i) => {
      let len = part.length;
      // A space before a word; nothing before the part after a hyphen.
      const gap = used === 0 || i > 0 ? 0 : 1;
      if (used + gap + len <= perLine) {
        used += gap + len;
        return;
      }
      if (used > 0) lines++;
      while (len > perLine) {
        lines++;
        len -= perLine;
      }
      used = len;
    });
  }
  return lines;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).replace(/[,\s]+$/, '')} …`;
}

/** The rules in focus, in firing order. */
export function focusedRules(graph: Graph, focus: GraphFocus): GraphRule[] {
  const byId = new Map(graph.rules.map((r) => [r.id, r]));
  if (focus.rule) return byId.has(focus.rule) ? [byId.get(focus.rule)!] : [];
  if (focus.event) return (graph.events.find((e) => e.key === focus.event)?.rules ?? []).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const rules = focus.element ? graph.rules.filter((r) => r.reads.includes(focus.element!)) : graph.rules;
  return [...rules].sort((a, b) => a.position - b.position);
}

export function layoutGraph(graph: Graph, focus: GraphFocus = {}): { nodes: LaidOutNode[]; edges: LaidOutEdge[]; total: number } {
  const all = focusedRules(graph, focus);
  const from = Math.min(Math.max(0, focus.from ?? 0), Math.max(0, all.length - 1));
  const rules = all.slice(from, focus.limit === undefined ? undefined : from + focus.limit);
  const nodes = new Map<string, LaidOutNode>();
  const edges: LaidOutEdge[] = [];
  const node = (id: string, kind: GraphNodeKind, text: string, ref: string): LaidOutNode => {
    let n = nodes.get(id);
    if (!n) {
      const label = kind === 'action' ? shorten(text, MAX_ACTION_CHARS) : text;
      const width = WIDTH[kind];
      const height = METRICS.kindPx + wrappedLines(label, width, kind === 'rule' ? METRICS.boldCharPx : METRICS.charPx) * METRICS.linePx + METRICS.padY;
      n = { id, kind, label, title: text, ref, x: 0, y: 0, width, height };
      nodes.set(id, n);
    }
    return n;
  };
  const edge = (source: string, target: string) => edges.push({ id: `${source}->${target}`, source, target });
  const ruleX = WIDTH.event + COLUMN_GAP;
  const actionX = ruleX + WIDTH.rule + COLUMN_GAP;

  // Rules and their actions, top to bottom in firing order.
  const feeds = new Map<string, number[]>();
  let top = 0;
  for (const r of rules) {
    const rule = node(`r:${r.id}`, 'rule', r.id, r.id);
    const actions = r.actions.map((a, i) => node(`a:${r.id}:${i}`, 'action', a.text, r.id));
    const stack = actions.reduce((h, a) => h + a.height, 0) + STACK_GAP * Math.max(0, actions.length - 1);
    const block = Math.max(rule.height, stack);
    Object.assign(rule, { x: ruleX, y: top + (block - rule.height) / 2 });
    let y = top + (block - stack) / 2;
    for (const a of actions) {
      Object.assign(a, { x: actionX, y });
      edge(rule.id, a.id);
      y += a.height + STACK_GAP;
    }
    const centre = top + block / 2;
    const sources = [
      ...r.events.filter((e) => !focus.event || e.key === focus.event).map((e) => node(`e:${e.key}`, 'event', e.label, e.key)),
      ...(focus.dataElements === false ? [] : r.reads.map((d) => node(`d:${d}`, 'dataElement', d, d))),
    ];
    for (const s of sources) {
      edge(s.id, rule.id);
      (feeds.get(s.id) ?? feeds.set(s.id, []).get(s.id)!).push(centre);
    }
    top += block + ROW_GAP;
  }

  // An event beside the first rule it runs, a data element at the mean height of the rules it
  // feeds; pushed apart where they would overlap, events first where they tie.
  const sources = [...feeds.entries()].map(([id, ys]) => {
    const n = nodes.get(id)!;
    return { n, want: n.kind === 'event' ? ys[0]! : ys.reduce((a, b) => a + b, 0) / ys.length };
  });
  sources.sort((a, b) => a.want - b.want || (a.n.kind === 'event' ? -1 : 0) - (b.n.kind === 'event' ? -1 : 0));
  let bottom = -Infinity;
  for (const { n, want } of sources) {
    n.x = 0;
    n.y = Math.max(want - n.height / 2, bottom + STACK_GAP);
    bottom = n.y + n.height;
  }
  return { nodes: [...nodes.values()], edges, total: all.length };
}
