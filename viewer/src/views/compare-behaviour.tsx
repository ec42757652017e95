import type { DiffReport, RequestChange, RequestRef, ScenarioEnvChange } from '../../../compiler/diff/types';
import { outcomeChanges } from '../../../compiler/diff/outcomes';
import type { ReportScenario } from '../data/compare';

// The behaviour half of a `tagc diff` report in Compare: for one environment, each scenario
// whose run changed — rules that now fire or no longer fire, requests that appeared or
// disappeared, and per changed request its parameters with the mapping's names, base against head.

export function ReportBehaviour({ env, report, scenarios }: { env: string; report: DiffReport; scenarios: ReportScenario[] }) {
  if (!report.behaviour) return <p data-behaviour="none">This report carries no behaviour: it was made without scenarios (<code>--no-scenarios</code>).</p>;
  const failures = (report.behaviour.failures ?? []).filter((f) => f.env === env);
  return (
    <div data-behaviour={scenarios.length}>
      <h3>
        Behaviour: {scenarios.length === 0 ? 'no scenario changes' : `${scenarios.length} of ${report.behaviour.scenarios} scenarios change`} in {env}
      </h3>
      {failures.length > 0 && (
        <p role="note" className="load-error">
          {failures.length} {failures.length === 1 ? 'simulation' : 'simulations'} failed, so the diff proves nothing for {failures.map((f) => f.scenario).join(', ')}.
        </p>
      )}
      {scenarios.map((s) => (
        <section key={s.scenario} className="scenario-change" data-scenario={s.scenario} aria-labelledby={`scenario-${s.scenario}`}>
          <h4 id={`scenario-${s.scenario}`}>
            <code>{s.scenario}</code>
          </h4>
          <p className="small">
            {s.description} <span className="muted">{s.file}</span>
          </p>
          <RunChange change={s.change} />
        </section>
      ))}
    </div>
  );
}

function RunChange({ change }: { change: ScenarioEnvChange }) {
  const lines = outcomeChanges(change);
  return (
    <>
      {change.errors?.base && <p className="load-error">The base run failed: {change.errors.base}</p>}
      {change.errors?.head && <p className="load-error">The head run failed: {change.errors.head}</p>}
      {lines.some(([, list]) => list.length > 0) && (
        <ul>
          {lines
            .filter(([, list]) => list.length > 0)
            .map(([what, list]) => (
              <li key={what}>
                {what}:{' '}
                {list.map((r, i) => (
                  <span key={i}>
                    {i > 0 && ', '}
                    <code>{r}</code>
                  </span>
                ))}
              </li>
            ))}
        </ul>
      )}
      {change.requests.appeared.map((r, i) => (
        <Request key={`a${i}`} what="new request" request={r} />
      ))}
      {change.requests.disappeared.map((r, i) => (
        <Request key={`d${i}`} what="request gone" request={r} />
      ))}
      {change.requests.changed.map((r, i) => (
        <ChangedRequest key={`c${i}`} request={r} />
      ))}
    </>
  );
}

function Request({ what, request }: { what: string; request: RequestRef }) {
  return (
    <p data-request={what}>
      {what}: <code className="break">{`${request.method} ${request.url}`}</code> ({request.transport})
    </p>
  );
}

function ChangedRequest({ request }: { request: RequestChange }) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-request="changed">
        <caption>
          request changed: <code className="break">{`${request.method} ${request.url}`}</code> ({request.transport})
        </caption>
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">Base</th>
            <th scope="col">Head</th>
          </tr>
        </thead>
        <tbody>
          {request.params.map((p) => (
            <tr key={p.key} data-param={p.key}>
              <th scope="row">{p.label}</th>
              <td className="break">{p.base ?? <span className="muted">absent</span>}</td>
              <td className="break">{p.head ?? <span className="muted">absent</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
