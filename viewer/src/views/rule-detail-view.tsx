import { consentSentence } from '../data/consent-gate';
import { DataElementLink, EventLink, href } from '../layout/links';
import { RuleSteps } from './rule-steps';
import type { ViewProps } from './view-props';

// Everything about one rule, including where it is declared.

export function RuleDetailView({ env, graph, route }: ViewProps) {
  const rule = graph.rules.find((r) => r.id === route.arg);
  if (!rule) {
    const excluded = route.arg && graph.excluded.rules.includes(route.arg);
    const off = graph.off?.some((r) => r.id === route.arg);
    return (
      <section className="view">
        <h2>Rule “{route.arg}”</h2>
        <p role="alert">{off ? `This rule is off (its declaration sets enabled: false, typically from a site setting): no bundle carries it.` : excluded ? `The ${env} bundle leaves this rule out (its environments do not include ${env}).` : `No rule “${route.arg}” in ${env}.`}</p>
        <a href={href(env, 'rules')}>All rules</a>
      </section>
    );
  }
  return (
    <article aria-labelledby="rule-title" className="view rule-detail">
      <p className="crumbs">
        <a href={href(env, 'rules')}>Rules</a> ›
      </p>
      <h2 id="rule-title">{rule.id}</h2>
      <p className="description">{rule.description}</p>
      <dl className="facts">
        <dt>Source file</dt>
        <dd>
          <code>{rule.file}</code>
        </dd>
        <dt>Runs on</dt>
        <dd className="chips">
          {rule.events.map((e) => (
            <EventLink key={e.key} env={env} eventKey={e.key} label={e.label} />
          ))}
        </dd>
        <dt>Order</dt>
        <dd>
          {rule.order} (position {rule.position + 1} of {graph.rules.length} in {env})
        </dd>
        <dt>Consent</dt>
        <dd>{consentSentence(rule)}</dd>
        <dt>Environments</dt>
        <dd>{rule.environments.join(', ')}</dd>
        <dt>Action timeout</dt>
        <dd>{rule.timeout} ms</dd>
        <dt>Reads</dt>
        <dd>{rule.reads.length ? rule.reads.map((n, i) => <span key={n}>{i > 0 && ', '}<DataElementLink env={env} name={n} /></span>) : 'no data elements'}</dd>
      </dl>
      <h3>What it does</h3>
      <RuleSteps rule={rule} />
      <details>
        <summary>Parameters as compiled (JSON)</summary>
        <pre>{JSON.stringify({ events: rule.events, conditions: rule.conditions, actions: rule.actions }, null, 2)}</pre>
      </details>
    </article>
  );
}
