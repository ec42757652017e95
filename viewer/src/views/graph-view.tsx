import { Background, Controls, MiniMap, ReactFlow, type Edge } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Graph } from '../../../compiler/graph-types';
import { href } from '../layout/links';
import { layoutGraph, type GraphFocus } from './graph-layout';
import { nodeTypes, type FlowNode } from './graph-nodes';
import type { ViewProps } from './view-props';

// Events → rules → actions and data elements → rules, rules in firing order. One event
// (`?event=`), or the cluster of rules reading one data element (`?element=`), or all events
// when the container is small enough to draw whole; at most MAX_RULES rules at a time (`?from=`
// pages through the rest). This module and React Flow are their own chunk, loaded when the graph
// is opened.

/** Rules drawn at once: 100 keep the first paint of one event under 1 s at 5,000 rules (200 took about 1 s); the pager shows the rest. */
export const MAX_RULES = 100;
/** Above this many rules "all events" is not offered. */
export const ALL_EVENTS_LIMIT = MAX_RULES;
const START_RULES = 8;
/** Below this width the minimap would cover the nodes; it is offered as a toggle instead. */
const MINIMAP_MIN_WIDTH = 1200;
const MINIMAP = { width: 200, height: 150, margin: 15 };
/** Above this many nodes only those in view are rendered (keyboard then reaches those in view). */
const RENDER_VISIBLE_ONLY = 400;

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  return width;
}

/** The focus the URL asks for; a large container without one opens on its busiest event. */
export function graphFocus(graph: Graph, query: URLSearchParams): GraphFocus & { defaulted: boolean } {
  const event = query.get('event');
  const element = query.get('element');
  if (event) return { event, defaulted: false };
  if (element) return { element, defaulted: false };
  if (graph.rules.length <= ALL_EVENTS_LIMIT) return { defaulted: false };
  const busiest = [...graph.events].sort((a, b) => b.rules.length - a.rules.length)[0];
  return { event: busiest?.key ?? null, defaulted: true };
}

function FocusPicker({ graph, focus, onPick }: { graph: Graph; focus: GraphFocus; onPick(kind: 'event' | 'element' | null, value: string): void }) {
  const events = graph.events.filter((e) => e.rules.length > 0);
  const readers = useMemo(() => {
    const n = new Map<string, number>();
    for (const r of graph.rules) for (const d of r.reads) n.set(d, (n.get(d) ?? 0) + 1);
    return n;
  }, [graph]);
  const tooBig = graph.rules.length > ALL_EVENTS_LIMIT;
  const value = focus.event ? `event:${focus.event}` : focus.element ? `element:${focus.element}` : '';
  return (
    <label>
      Show{' '}
      <select
        value={value}
        onChange={(e) => {
          const v = e.currentTarget.value;
          const colon = v.indexOf(':');
          if (colon === -1) onPick(null, '');
          else onPick(v.slice(0, colon) as 'event' | 'element', v.slice(colon + 1));
        }}
      >
        <option value="" disabled={tooBig}>
          {tooBig ? `All events (${graph.rules.length} rules: pick an event or a data element)` : `All events (${graph.rules.length} rules)`}
        </option>
        <optgroup label="One event">
          {events.map((e) => (
            <option key={e.key} value={`event:${e.key}`}>
              {e.label} ({e.rules.length})
            </option>
          ))}
        </optgroup>
        <optgroup label="Rules reading a data element">
          {graph.dataElements
            .filter((d) => readers.has(d.name))
            .map((d) => (
              <option key={d.name} value={`element:${d.name}`}>
                {d.name} ({readers.get(d.name)})
              </option>
            ))}
        </optgroup>
      </select>
    </label>
  );
}

const keepPointerEvents = (): void => undefined;

export function GraphView({ env, graph, route, updateQuery }: ViewProps) {
  const focus = graphFocus(graph, route.query);
  const flowRef = useRef<HTMLDivElement>(null);
  const width = useWidth(flowRef);
  const roomy = width >= MINIMAP_MIN_WIDTH;
  const minimap = route.query.has('minimap') ? route.query.get('minimap') === '1' : roomy;
  // Data elements are on for one event or element and off for all, unless the URL says otherwise.
  const showData = route.query.has('de') ? route.query.get('de') === '1' : Boolean(focus.event || focus.element);
  const from = Math.max(0, Number(route.query.get('from') ?? 1) - 1) || 0;
  const { nodes, edges, total } = useMemo(() => {
    const laid = layoutGraph(graph, { ...focus, dataElements: showData, from, limit: MAX_RULES });
    const nodes: FlowNode[] = laid.nodes.map((n) => ({
      id: n.id,
      type: 'tagc',
      position: { x: n.x, y: n.y },
      width: n.width,
      height: n.height,
      data: {
        kind: n.kind,
        label: n.label,
        title: n.title,
        href: n.kind === 'rule' || n.kind === 'action' ? href(env, 'rule', n.ref) : n.kind === 'event' ? href(env, 'firing', n.ref) : href(env, 'data-elements', null, { q: `name:${n.ref}` }),
      },
      draggable: false,
      connectable: false,
      selectable: false,
      focusable: false,
    }));
    const edges: Edge[] = laid.edges.map((e) => ({ ...e, focusable: false, selectable: false }));
    return { nodes, edges, total: laid.total };
  }, [graph, focus.event, focus.element, env, showData, from]);
  const page = (first: number) => updateQuery((q) => (first > 0 ? q.set('from', String(first + 1)) : q.delete('from')));
  // A large graph does not fit a screen readably: start on its first rules; a small one fits
  // whole. The minimap's corner is kept clear.
  const fitViewOptions = useMemo(() => {
    const padding = { top: '16px', left: '16px', bottom: '16px', right: `${minimap ? MINIMAP.width + 2 * MINIMAP.margin : 16}px` } as const;
    const rules = nodes.filter((n) => n.data.kind === 'rule');
    if (rules.length <= START_RULES) return { maxZoom: 1, minZoom: 0.1, padding };
    const last = rules[START_RULES - 1]!;
    const bottom = last.position.y + (last.height ?? 0);
    return { maxZoom: 1, minZoom: 0.6, padding, nodes: nodes.filter((n) => n.position.y <= bottom).map((n) => ({ id: n.id })) };
  }, [nodes, minimap]);
  return (
    <section aria-labelledby="graph-title" className="view view-fill graph-view">
      <div className="toolbar">
        <h2 id="graph-title">Rule graph in {env}</h2>
        <FocusPicker
          graph={graph}
          focus={focus}
          onPick={(kind, value) =>
            updateQuery((q) => {
              q.delete('event');
              q.delete('element');
              q.delete('from');
              if (kind) q.set(kind, value);
            })
          }
        />
        <label>
          <input type="checkbox" checked={showData} onChange={(e) => updateQuery((q) => q.set('de', e.currentTarget.checked ? '1' : '0'))} /> Data elements
        </label>
        <label>
          <input type="checkbox" checked={minimap} onChange={(e) => updateQuery((q) => q.set('minimap', e.currentTarget.checked ? '1' : '0'))} /> Minimap
        </label>
        {total > MAX_RULES && (
          <span className="pager">
            <button type="button" className="link" disabled={from === 0} onClick={() => page(Math.max(0, from - MAX_RULES))}>
              ‹ Previous
            </button>
            <span data-range>
              rules {from + 1}–{Math.min(total, from + MAX_RULES)} of {total}
            </span>
            <button type="button" className="link" disabled={from + MAX_RULES >= total} onClick={() => page(from + MAX_RULES)}>
              Next ›
            </button>
          </span>
        )}
        <span className="muted small">
          {focus.defaulted && `${graph.rules.length} rules are too many to draw at once: showing the busiest event. `}
          {nodes.length} nodes, {edges.length} edges · drag to pan, scroll or the buttons to zoom, Tab through the nodes, Enter opens one
        </span>
      </div>
      <div className="flow" ref={flowRef} data-nodes={nodes.length}>
        {width > 0 && (
          <ReactFlow
            key={`${focus.event ?? ''}|${focus.element ?? ''}|${showData}|${minimap}|${from}`}
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            fitView
            fitViewOptions={fitViewOptions}
            minZoom={0.05}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            // A handler keeps pointer events on the nodes (React Flow turns them off on nodes that
            // are neither draggable nor selectable, and the pane took the click); the link navigates.
            onNodeClick={keepPointerEvents}
            onlyRenderVisibleElements={nodes.length > RENDER_VISIBLE_ONLY}
          >
            <Background />
            <Controls showInteractive={false} />
            {minimap && <MiniMap pannable zoomable style={{ width: MINIMAP.width, height: MINIMAP.height }} ariaLabel="Minimap of the graph" />}
          </ReactFlow>
        )}
      </div>
    </section>
  );
}
