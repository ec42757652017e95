import type { Graph } from '../../../compiler/graph-types';
import { formatBytes } from '../data/format';
import { useEnvGraphs, type Settled } from '../data/use-build';
import { href, RuleLink } from '../layout/links';
import type { ViewProps } from './view-props';

// The five bundles side by side (sizes from the manifest), and what the chosen one leaves out.
// Each environment's graph loads on its own: one that is missing says so in its row.

function Settings({ loaded }: { loaded: Settled<Graph> | undefined }) {
  if (!loaded) return <span className="muted">loading…</span>;
  if (loaded.status === 'error') return <span className="missing" role="note">missing: {loaded.message}</span>;
  const s = loaded.value.settings;
  return <>{`${s.description}${s.debug ? ' · debug' : ''}${s.validate ? ' · validates payloads' : ''}`}</>;
}

export function EnvironmentsView({ env, graph, manifest }: ViewProps) {
  const envs = Object.keys(manifest.environments);
  const all = useEnvGraphs(envs);
  const loaded = all.status === 'ready' ? all.value : new Map<string, Settled<Graph>>([[graph.env, { status: 'ready', value: graph }]]);
  const byEnv = new Map<string, Graph>([...loaded].flatMap(([e, l]) => (l.status === 'ready' ? [[e, l.value] as const] : [])));
  return (
    <section aria-labelledby="env-title" className="view">
      <h2 id="env-title">Environments</h2>
      <p className="muted small">
        Build {manifest.version}, {new Date(manifest.buildTime).toLocaleString()}. Choose an environment to see its rules, order and size.
      </p>
      <div className="table-scroll">
        <table className="data-table env-table">
          <caption className="visually-hidden">Bundles per environment</caption>
          <thead>
            <tr>
              <th scope="col">Environment</th>
              <th scope="col">Settings</th>
              <th scope="col">Bundle</th>
              <th scope="col" className="num">Bytes</th>
              <th scope="col" className="num">Gzip</th>
              <th scope="col" className="num">Rules</th>
              <th scope="col" className="num">Data elements</th>
              <th scope="col" className="num">Rules left out</th>
            </tr>
          </thead>
          <tbody>
            {envs.map((e) => {
              const m = manifest.environments[e as keyof typeof manifest.environments]!;
              const g = byEnv.get(e);
              return (
                <tr key={e} aria-current={e === env ? 'true' : undefined} className={e === env ? 'current' : undefined}>
                  <th scope="row">
                    <a href={href(e, 'environments')}>{e}</a>
                  </th>
                  <td>
                    <Settings loaded={loaded.get(e)} />
                  </td>
                  <td>
                    <code>{m.file}</code>
                  </td>
                  <td className="num" title={`${m.bytes} bytes`}>
                    {formatBytes(m.bytes)}
                  </td>
                  <td className="num" title={`${m.gzipBytes} bytes`}>
                    {formatBytes(m.gzipBytes)}
                  </td>
                  <td className="num">{m.rules}</td>
                  <td className="num">{m.dataElements}</td>
                  <td className="num">{g ? g.excluded.rules.length : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <h3>What {env} leaves out</h3>
      <div className="two-col">
        <div>
          <h4>Rules ({graph.excluded.rules.length})</h4>
          {graph.excluded.rules.length ? (
            <ul className="plain">
              {graph.excluded.rules.map((id) => (
                <li key={id}>
                  <RuleLink env={envs.find((e) => byEnv.get(e)?.rules.some((r) => r.id === id)) ?? env} id={id} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">None: every rule runs in {env}.</p>
          )}
        </div>
        <div>
          <h4>Data elements ({graph.excluded.dataElements.length})</h4>
          {graph.excluded.dataElements.length ? <p className="fields">{graph.excluded.dataElements.join(', ')}</p> : <p className="muted">None.</p>}
        </div>
      </div>
    </section>
  );
}
