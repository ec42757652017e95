import type { Graph, Manifest } from '../../../compiler/graph-types';
import { formatBytes } from '../data/format';
import { formatRoute, type Route, type View } from '../routing/route';
import { preloadView } from '../views/lazy-views';

// Title, the environment switch (keeps the current view, item and query) and the view tabs.

const TABS: [View, string][] = [
  ['rules', 'Rules'],
  ['firing', 'Firing order'],
  ['graph', 'Graph'],
  ['data-elements', 'Data elements'],
  ['schemas', 'Schemas'],
  ['mapping', 'Analytics mapping'],
  ['environments', 'Environments'],
  ['diagnostics', 'Diagnostics'],
  ['preview', 'Preview'],
  ['compare', 'Compare'],
  ['releases', 'Releases'],
];

/** `env` null: the URL names an environment the build lacks; the switch offers the real ones. */
export function AppHeader({ manifest, env, route, graph }: { manifest: Manifest; env: string | null; route: Route; graph: Graph | null }) {
  const envs = Object.keys(manifest.environments);
  const entry = env ? manifest.environments[env as keyof Manifest['environments']] : undefined;
  const diagnostics = graph?.diagnostics.length ?? 0;
  const current = route.view === 'rule' ? 'rules' : route.view;
  return (
    <header className="app-header">
      <div className="brand">
        <h1>
          <a href={formatRoute({ env, view: 'rules' })}>tagc viewer</a>
        </h1>
        <span className="muted small">
          v{manifest.version} · built {new Date(manifest.buildTime).toLocaleString()}
        </span>
      </div>
      <nav aria-label="Environment" className="env-switch">
        <span className="env-label" id="env-label">
          Environment
        </span>
        <ul aria-labelledby="env-label">
          {envs.map((e) => (
            <li key={e}>
              <a href={formatRoute({ ...route, env: e })} aria-current={e === env ? 'page' : undefined} data-env={e}>
                {e}
              </a>
            </li>
          ))}
        </ul>
        {entry && (
          <span className="bundle-size small" title={entry.file}>
            {entry.rules} rules · {formatBytes(entry.bytes)} ({formatBytes(entry.gzipBytes)} gzip)
          </span>
        )}
      </nav>
      {env && (
        <nav aria-label="Views" className="tabs">
          <ul>
            {TABS.map(([view, label]) => (
              <li key={view}>
                <a
                  href={formatRoute({ env, view })}
                  aria-current={view === current ? 'page' : undefined}
                  onPointerEnter={() => preloadView(view)}
                  onFocus={() => preloadView(view)}
                >
                  {label}
                  {view === 'diagnostics' && diagnostics > 0 && <span className="badge">{diagnostics}</span>}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
