import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { GraphNodeKind } from './graph-layout';

// One node component for every kind: a label (a link for rules, so the graph is keyboard
// reachable and a click opens the rule) with handles on the left and right.

export type FlowNode = Node<{ kind: GraphNodeKind; label: string; href: string | null }, 'tagc'>;

const KIND_LABEL: Record<GraphNodeKind, string> = { event: 'event', rule: 'rule', action: 'action', dataElement: 'data element' };

export function TagcNode({ data }: NodeProps<FlowNode>) {
  return (
    <div className={`flow-node flow-${data.kind}`} title={data.label}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <span className="flow-kind">{KIND_LABEL[data.kind]}</span>
      {data.href ? (
        <a href={data.href} className="flow-label">
          {data.label}
        </a>
      ) : (
        <span className="flow-label">{data.label}</span>
      )}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

export const nodeTypes = { tagc: TagcNode };
