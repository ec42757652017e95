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

export function GraphView({ env, graph, route, updateQuery }: ViewProps) {
  const focus = route.query.get('event');
  const { nodes, edges } = useMemo(() => {
    const laid = layoutGraph(graph, { event: focus });
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
  }, [graph, focus, env]);
  const events = graph.events.filter((e) => e.rules.length > 0);
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
