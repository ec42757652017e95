import type { GraphRule, GraphStep } from '../../../compiler/graph-types';
import { consentGate, otherConditions } from '../data/consent-gate';

// A rule's consent gate, conditions and actions in plain words (the compiler's `text` of each
// kind). The gate reads the same whether the rule declares `consent` or a consent condition.

export function ConsentGateText({ rule }: { rule: GraphRule }) {
  const { categories, exceptPaths } = consentGate(rule);
  if (!categories.length) return <p className="gate none">No consent needed.</p>;
  return (
    <p className="gate">
      Runs only with{' '}
      {categories.map((c, i) => (
        <span key={c}>
          {i > 0 && ' and '}
          <span className={`tag consent-${c}`}>{c}</span>
        </span>
      ))}{' '}
      consent
      {exceptPaths.length > 0 && (
        <>
          , except on <code>{exceptPaths.join(', ')}</code>
        </>
      )}
      .
    </p>
  );
}

function StepList({ steps, kind }: { steps: GraphStep[]; kind: 'conditions' | 'actions' }) {
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
  const conditions = otherConditions(rule).map(([c]) => c);
  const gated = consentGate(rule).categories.length > 0;
  return (
    <div className="rule-steps">
      <div>
        <h4>Consent</h4>
        <ConsentGateText rule={rule} />
        <h4>{conditions.length > 1 ? 'When all of these hold' : 'When'}</h4>
        {conditions.length ? (
          <StepList steps={conditions} kind="conditions" />
        ) : (
          <p className="muted">{gated ? 'No other condition: runs every time its event happens with that consent.' : 'No conditions: runs every time its event happens.'}</p>
        )}
      </div>
      <div>
        <h4>Then, in order</h4>
        {rule.actions.length ? <StepList steps={rule.actions} kind="actions" /> : <p className="muted">No actions.</p>}
      </div>
    </div>
  );
}
