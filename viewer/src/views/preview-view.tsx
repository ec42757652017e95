import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { Graph } from '../../../compiler/graph-types';
import type { SimulatedRequest, SimulateResult } from '../../../compiler/simulate/types';
import { beaconVariables, CONSENT_CHOICES, cookiesBefore, cookiesPreset, cookiesWritten, defaultForm, formFromQuery, groupRequests, outcomesByEvent, toInput, wireNames, writeForm, type PreviewForm } from '../data/preview';
import type { PreviewScenario } from '../../../compiler/serve/preview';
import { previewAvailability, runPreview, type PreviewAvailability } from '../data/preview-api';
import { RuleLink } from '../layout/links';
import { formatRoute } from '../routing/route';
import { navigate } from '../routing/use-route';
import type { ViewProps } from './view-props';

// Preview: a page of your choosing run through the real built bundle by `tagc serve`. The form
// lives in the URL (a link reruns it); the result is read against this environment's graph.

type Run = { status: 'idle' } | { status: 'running' } | { status: 'error'; message: string } | { status: 'done'; result: SimulateResult; cookies: string[] };

function usePreviewRun(env: string, form: PreviewForm | null, ready: boolean): Run {
  const [run, setRun] = useState<Run>({ status: 'idle' });
  const key = form ? JSON.stringify([env, form]) : '';
  useEffect(() => {
    if (!form || !ready) return setRun({ status: 'idle' });
    const built = toInput(env, form);
    if ('error' in built) return setRun({ status: 'error', message: built.error });
    const abort = new AbortController();
    setRun({ status: 'running' });
    runPreview(built.input, abort.signal).then(
      (result) => setRun({ status: 'done', result, cookies: built.input.cookies ?? [] }),
      (error: unknown) => !abort.signal.aborted && setRun({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => abort.abort();
    // `key` stands for env and form.
  }, [key, ready]);
  return run;
}

export function PreviewView({ env, graph, manifest, route }: ViewProps) {
  const [availability, setAvailability] = useState<PreviewAvailability | null>(null);
  useEffect(() => {
    let live = true;
    void previewAvailability().then((a) => live && setAvailability(a));
    return () => {
      live = false;
    };
  }, []);
  const linked = useMemo(() => formFromQuery(route.query), [route.query]);
  const run = usePreviewRun(env, linked, availability?.available === true);

  return (
    <section aria-labelledby="preview-title" className="view preview">
      <h2 id="preview-title">Preview in {env}</h2>
      {availability === null && <p className="loading">Looking for the Preview service…</p>}
      {availability?.available === false && (
        <div className="notice" role="note">
          <p>
            <strong>Preview needs <code>tagc serve</code>.</strong> It runs the built bundle through the simulator on this machine, and this viewer is published as static
            files without that service.
          </p>
          <p>
            Run <code>npx tagc build &amp;&amp; npx tagc serve</code> in the container's repository and open the viewer it prints (<code>/viewer/</code>). A Preview link
            opened there runs the same page.
          </p>
        </div>
      )}
      {availability?.available === true && (
        <>
          <PreviewFormView
            env={env}
            envs={availability.info.environments.length ? availability.info.environments : Object.keys(manifest.environments)}
            scenarios={availability.info.scenarios}
            initial={linked ?? defaultForm(manifest.simulate?.url)}
            query={route.query}
          />
          <div aria-live="polite" aria-busy={run.status === 'running'}>
            {run.status === 'running' && <p className="loading">Running the {env} bundle…</p>}
            {run.status === 'error' && (
              <p role="alert" className="load-error">
                Preview failed: {run.message}
              </p>
            )}
          </div>
          {run.status === 'done' && <PreviewResult env={env} graph={graph} result={run.result} inputCookies={run.cookies} />}
        </>
      )}
    </section>
  );
}

function PreviewFormView({ env, envs, scenarios, initial, query }: { env: string; envs: string[]; scenarios: PreviewScenario[]; initial: PreviewForm; query: URLSearchParams }) {
  const [form, setForm] = useState<PreviewForm>(initial);
  const [target, setTarget] = useState(env);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  useEffect(() => setForm(initial), [JSON.stringify(initial)]);
  useEffect(() => setTarget(env), [env]);
  const set = (k: keyof PreviewForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = toInput(target, form);
    if ('error' in checked) return setProblem(checked.error);
    if (!form.scenario && !URL.canParse(form.url.trim())) return setProblem('The page URL is not a URL (e.g. https://www.firm.example/advisor/insights.html)');
    setProblem(null);
    const q = new URLSearchParams(query);
    writeForm(q, { ...form, url: form.url.trim() });
    navigate(formatRoute({ env: target, view: 'preview', query: q }));
  };
  return (
    <form className="preview-form" onSubmit={submit} aria-describedby={problem ? `${id}-problem` : undefined}>
      <div className="field">
        <label htmlFor={`${id}-env`}>Environment</label>
        <select id={`${id}-env`} value={target} onChange={(e) => setTarget(e.target.value)}>
          {envs.map((e) => (
            <option key={e}>{e}</option>
          ))}
        </select>
      </div>
      {scenarios.length > 0 && (
        <div className="field wide">
          <label htmlFor={`${id}-scenario`}>Scenario</label>
          <select id={`${id}-scenario`} value={form.scenario} onChange={set('scenario')}>
            <option value="">none: the page described below</option>
            {[...new Set(scenarios.map((s) => s.family))].map((family) => (
              <optgroup key={family} label={family}>
                {scenarios
                  .filter((s) => s.family === family)
                  .map((s) => (
                    <option key={s.name} value={s.name} disabled={!!s.environments && !s.environments.includes(target)}>
                      {s.name}: {s.description}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
      )}
      <fieldset className="page-fields" disabled={!!form.scenario}>
        <legend className="visually-hidden">The page</legend>
        <div className="field wide">
          <label htmlFor={`${id}-url`}>Page URL</label>
          <input id={`${id}-url`} type="url" required={!form.scenario} value={form.url} onChange={set('url')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-consent`}>Stored consent</label>
          <select id={`${id}-consent`} value={form.consent} onChange={set('consent')}>
            {CONSENT_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c === 'unset' ? 'no decision stored' : c === 'all' ? 'all categories' : c === 'none' ? 'declined (none)' : `only ${c.replace(',', ' and ')}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field wide">
          <label htmlFor={`${id}-cookies`}>Cookies before load (name=value, one per line)</label>
          <textarea id={`${id}-cookies`} rows={2} value={form.cookies} onChange={set('cookies')} spellCheck={false} />
        </div>
        <div className="field wide">
          <label htmlFor={`${id}-push`}>Data-layer pushes before load (JSON, one per line)</label>
          <textarea id={`${id}-push`} rows={3} value={form.push} onChange={set('push')} spellCheck={false} />
        </div>
      </fieldset>
      <div className="field actions">
        <button type="submit">Run preview</button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="load-error">
          {problem}
        </p>
      )}
    </form>
  );
}

const short = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return url;
  }
};

function PreviewResult({ env, graph, result, inputCookies }: { env: string; graph: Graph; result: SimulateResult; inputCookies: string[] }) {
  const outcomes = useMemo(() => outcomesByEvent(graph, result), [graph, result]);
  const names = useMemo(() => wireNames(graph), [graph]);
  const requests = groupRequests(result.requests);
  const before = cookiesBefore(result, inputCookies);
  const written = cookiesWritten(before, result.cookies);
  const kept = cookiesPreset(before, result.cookies);
  return (
    <div className="preview-result" data-preview-done="">
      <p className="small">
        Ran <code>{result.bundle.file}</code> on <code>{result.url}</code>: {result.fired.length} rules fired, {result.skipped.length} skipped, {requests.beacons.length} analytics beacons.
      </p>
      <h3>Rules by event</h3>
      {outcomes.length === 0 && <p>No rule ran for the events of this page.</p>}
      {outcomes.map((o) => (
        <div key={o.key} className="table-scroll">
          <table className="data-table preview-rules" data-event={o.key}>
            <caption>
              {o.label}: {o.fired.length} fired, {o.skipped.length} skipped
            </caption>
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Result</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {o.fired.map((r, i) => (
                // A rule can fire twice on one event (consent given at start and after load).
                <tr key={`f:${i}:${r}`} data-outcome="fired">
                  <th scope="row">
                    <RuleLink env={env} id={r} />
                  </th>
                  <td>fired</td>
                  <td className="muted">every condition held</td>
                </tr>
              ))}
              {o.skipped.map((s, i) => (
                <tr key={`s:${i}:${s.rule}`} data-outcome="skipped">
                  <th scope="row">
                    <RuleLink env={env} id={s.rule} />
                  </th>
                  <td>skipped</td>
                  <td>
                    needs {s.needed}
                    {s.found && <> — {s.found}</>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {result.failed.length > 0 && (
        <>
          <h3>Actions that failed</h3>
          <ul>
            {result.failed.map((f, i) => (
              <li key={i}>
                <RuleLink env={env} id={f.rule} />: {f.action} — {f.error}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Analytics beacons</h3>
      {requests.beacons.length === 0 && <p>No analytics beacon was sent.</p>}
      {requests.beacons.map((b, i) => (
        <Beacon key={i} n={i + 1} beacon={b} names={names} />
      ))}
      <RequestList title="Pixels" list={requests.pixels} />
      <RequestList title="Scripts" list={requests.scripts} />
      <RequestList title="Other requests" list={requests.other} />
      <CookieTable title="Cookies written" empty="The bundle wrote no cookie." rows={written} kind="written" />
      <CookieTable title="Cookies set before load, left as they were" empty="No cookie was set before load." rows={kept} kind="preset" />
      <h3>Console</h3>
      {result.console.length === 0 ? (
        <p>Nothing was printed.</p>
      ) : (
        <ul className="console">
          {result.console.map((c, i) => (
            <li key={i} className={c.level}>
              <code>
                {c.level}: {c.text}
              </code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Beacon({ n, beacon, names }: { n: number; beacon: SimulatedRequest; names: Map<string, string> }) {
  const vars = beaconVariables(beacon, names);
  const kind = beacon.params.pe ? `link (${beacon.params.pev2 ?? beacon.params.pe})` : 'page view';
  return (
    <div className="table-scroll">
      <table className="data-table beacon" data-beacon={kind}>
        <caption>
          Beacon {n}: {kind} to {short(beacon.url)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {vars.map((v) => (
            <tr key={v.wire}>
              <th scope="row" title={v.wire}>
                {v.name}
              </th>
              <td className="break">{v.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestList({ title, list }: { title: string; list: SimulatedRequest[] }) {
  return (
    <>
      <h3>{title}</h3>
      {list.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="requests">
          {list.map((r, i) => (
            <li key={i}>
              <code className="break">
                {r.method} {short(r.url)}
              </code>{' '}
              <span className="muted small">({r.transport})</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CookieTable({ title, empty, rows, kind }: { title: string; empty: string; rows: [string, string | null][]; kind: 'written' | 'preset' }) {
  return (
    <>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-cookies={kind}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Cookie</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td className="break">{v ?? <em>removed</em>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
