import { Handle, Position, useStoreApi, type Node, type NodeProps } from '@xyflow/react';
import type { GraphNodeKind } from './graph-layout';

// One node component for every kind. The node itself is the link (one tab stop, with the focus
// ring on the node's outline, Enter opens it); React Flow's own node focus is off. A node that
// gets keyboard focus outside the view is panned into it.

export type FlowNode = Node<{ kind: GraphNodeKind; label: string; title: string; href: string }, 'tagc'>;

const KIND_LABEL: Record<GraphNodeKind, string> = { event: 'event', rule: 'rule', action: 'action', dataElement: 'data element' };

export function TagcNode({ data, positionAbsoluteX: x, positionAbsoluteY: y, width = 0, height = 0 }: NodeProps<FlowNode>) {
  const store = useStoreApi<FlowNode>();
  const reveal = () => {
    const { width: vw, height: vh, transform, panZoom } = store.getState();
    const [tx, ty, zoom] = transform;
    const left = x * zoom + tx;
    const top = y * zoom + ty;
    if (left >= 0 && top >= 0 && left + width * zoom <= vw && top + height * zoom <= vh) return;
    void panZoom?.setViewport({ x: vw / 2 - (x + width / 2) * zoom, y: vh / 2 - (y + height / 2) * zoom, zoom });
  };
  return (
    <a href={data.href} className={`flow-node flow-${data.kind}`} title={data.title} onFocus={reveal}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <span className="flow-kind">{KIND_LABEL[data.kind]}</span>
      <span className="flow-label">{data.label}</span>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </a>
  );
}

export const nodeTypes = { tagc: TagcNode };
