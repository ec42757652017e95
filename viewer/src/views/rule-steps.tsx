import type { GraphRule, GraphStep } from '../../../compiler/graph-types';

// A rule's conditions and actions in plain words (the compiler's `text` of each kind).

function Steps({ steps, kind }: { steps: GraphStep[]; kind: 'conditions' | 'actions' }) {
  if (steps.length === 0) return <p className="muted">{kind === 'conditions' ? 'No conditions: runs every time its event happens.' : 'No actions.'}</p>;
  const List = kind === 'actions' ? 'ol' : 'ul';
  return (
    <List className={`steps ${kind}`}>
      {steps.map((s, i) => (
        <li key={i}>
          <span className="step-text">{s.text}</span>
          <span className="step-meta">
            <code>{s.kind}</code>
            {s.sends && <span className={`tag consent-${s.sends}`}>sends {s.sends}</span>}
            {s.timeout !== undefined && <span className="tag">timeout {s.timeout} ms</span>}
          </span>
        </li>
      ))}
    </List>
  );
}

export function RuleSteps({ rule }: { rule: GraphRule }) {
  return (
    <div className="rule-steps">
      <div>
        <h4>{rule.conditions.length > 1 ? 'When all of these hold' : 'When'}</h4>
        <Steps steps={rule.conditions} kind="conditions" />
      </div>
      <div>
        <h4>Then, in order</h4>
        <Steps steps={rule.actions} kind="actions" />
      </div>
    </div>
  );
}
