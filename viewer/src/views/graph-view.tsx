import { Background, Controls, MiniMap, ReactFlow, type Edge } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { href } from '../layout/links';
import { navigate } from '../routing/use-route';
import { layoutGraph } from './graph-layout';
import { nodeTypes, type FlowNode } from './graph-nodes';
import type { ViewProps } from './view-props';

// Events → rules → actions and data elements → rules, laid out automatically; pan, zoom, and a
// click (or Enter on the focused link) opens a rule. `?event=` narrows it to one event.

const START_RULES = 8;

export function GraphView({ env, graph, route, updateQuery }: ViewProps) {
  const focus = route.query.get('event');
  // Every rule reads a few data elements: drawn for the whole container they bury the rules, so
  // they are on for one event and off for all unless the URL says otherwise.
  const showData = route.query.has('de') ? route.query.get('de') === '1' : Boolean(focus);
  const { nodes, edges } = useMemo(() => {
    const laid = layoutGraph(graph, { event: focus, dataElements: showData });
    const nodes: FlowNode[] = laid.nodes.map((n) => ({
      id: n.id,
      type: 'tagc',
      position: { x: n.x, y: n.y },
      width: n.width,
      height: n.height,
      data: {
        kind: n.kind,
        label: n.label,
        href: n.kind === 'rule' || n.kind === 'action' ? href(env, 'rule', n.ref) : n.kind === 'event' ? href(env, 'firing', n.ref) : href(env, 'data-elements', null, { q: n.ref }),
      },
      draggable: false,
      connectable: false,
    }));
    const edges: Edge[] = laid.edges.map((e) => ({ ...e, focusable: false }));
    return { nodes, edges };
  }, [graph, focus, env, showData]);
  const events = graph.events.filter((e) => e.rules.length > 0);
  // A whole container does not fit a screen readably: start on its first rules (the minimap
  // shows the rest); a single event fits whole.
  const fitViewOptions = useMemo(() => {
    const rules = nodes.filter((n) => n.data.kind === 'rule');
    if (rules.length <= START_RULES) return { maxZoom: 1, minZoom: 0.1 };
    const first = [...rules].sort((a, b) => a.position.y - b.position.y).slice(0, START_RULES);
    const top = first[first.length - 1]!.position.y;
    return { maxZoom: 1, minZoom: 0.6, nodes: nodes.filter((n) => n.position.y <= top + 60).map((n) => ({ id: n.id })) };
  }, [nodes]);
  return (
    <section aria-labelledby="graph-title" className="view view-fill graph-view">
      <div className="toolbar">
        <h2 id="graph-title">Rule graph in {env}</h2>
        <label>
          Event{' '}
          <select
            value={focus ?? ''}
            onChange={(e) => {
              const v = e.currentTarget.value;
              updateQuery((q) => (v ? q.set('event', v) : q.delete('event')));
            }}
          >
            <option value="">All events ({graph.rules.length} rules)</option>
            {events.map((e) => (
              <option key={e.key} value={e.key}>
                {e.label} ({e.rules.length})
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={showData} onChange={(e) => updateQuery((q) => q.set('de', e.currentTarget.checked ? '1' : '0'))} /> Data elements
        </label>
        <span className="muted small">
          {nodes.length} nodes, {edges.length} edges · drag to pan, scroll or the buttons to zoom, click a node to open it
        </span>
      </div>
      <div className="flow" data-nodes={nodes.length}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={fitViewOptions}
          minZoom={0.05}
          nodesDraggable={false}
          nodesConnectable={false}
          onlyRenderVisibleElements
          onNodeClick={(_, n) => n.data.href && navigate(n.data.href)}
        >
          <Background />
          <Controls showInteractive={false} />
          <MiniMap pannable zoomable />
        </ReactFlow>
      </div>
    </section>
  );
}
