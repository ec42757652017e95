import { useEffect, type ComponentType } from 'react';
import type { Manifest } from '../../compiler/graph-types';
import { useGraph, useManifest } from './data/use-build';
import { AppHeader } from './layout/app-header';
import { ViewErrorBoundary } from './layout/error-boundary';
import { href } from './layout/links';
import { SkipLink } from './layout/skip-link';
import { formatRoute, type Route, type View } from './routing/route';
import { navigate, useRoute } from './routing/use-route';
import { DataElementsView } from './views/data-elements-view';
import { DiagnosticsView } from './views/diagnostics-view';
import { EnvironmentsView } from './views/environments-view';
import { FiringOrderView } from './views/firing-order-view';
import { LAZY_VIEWS, preloadView } from './views/lazy-views';
import { MappingView } from './views/mapping-view';
import { ReleasesView } from './views/releases-view';
import { RuleDetailView } from './views/rule-detail-view';
import { RulesView } from './views/rules-view';
import { SchemasView } from './views/schemas-view';
import type { ViewProps } from './views/view-props';

const VIEW_COMPONENTS: Record<View, ComponentType<ViewProps>> = {
  rules: RulesView,
  firing: FiringOrderView,
  graph: LAZY_VIEWS.graph,
  'data-elements': DataElementsView,
  schemas: SchemasView,
  mapping: MappingView,
  environments: EnvironmentsView,
  diagnostics: DiagnosticsView,
  preview: LAZY_VIEWS.preview,
  compare: LAZY_VIEWS.compare,
  releases: ReleasesView,
  rule: RuleDetailView,
};

/** The environment a link without one opens: prod, which analysts ask about first. */
export function defaultEnv(manifest: Manifest): string | null {
  const envs = Object.keys(manifest.environments);
  return envs.includes('prod') ? 'prod' : (envs[0] ?? null);
}

function UnknownEnv({ name, envs, route }: { name: string; envs: string[]; route: Route }) {
  return (
    <main id="main" tabIndex={-1} className="view">
      <div role="alert">
        <h2>No environment “{name}” in this build</h2>
        <p>
          The link names an environment this build does not have. Open the same view in{' '}
          {envs.map((e, i) => (
            <span key={e}>
              {i > 0 && ', '}
              <a href={href(e, route.view, route.arg, Object.fromEntries(route.query))}>{e}</a>
            </span>
          ))}
          .
        </p>
      </div>
    </main>
  );
}

export function App() {
  const { route, updateQuery } = useRoute();
  // A view with a chunk of its own starts fetching it now, while the build's JSON loads.
  useEffect(() => preloadView(route.view), [route.view]);
  const manifest = useManifest();
  const envs = manifest.status === 'ready' ? Object.keys(manifest.value.environments) : [];
  const unknownEnv = manifest.status === 'ready' && route.env !== null && !envs.includes(route.env);
  const env = manifest.status !== 'ready' || unknownEnv ? null : (route.env ?? defaultEnv(manifest.value));
  const graph = useGraph(env);

  useEffect(() => {
    // A link without an environment opens the default one, and says so in the URL. An unknown one
    // is an error (below): showing prod instead would answer a question nobody asked.
    if (env && route.env === null) navigate(formatRoute({ ...route, env }), { replace: true });
  }, [env, route]);

  useEffect(() => {
    document.title = `${route.view === 'rule' && route.arg ? route.arg : route.view} · ${env ?? ''} · tagc viewer`;
  }, [route, env]);

  if (manifest.status === 'loading') return <p className="loading">Loading the build…</p>;
  if (manifest.status === 'error')
    return (
      <main className="load-error" role="alert">
        <h1>tagc viewer</h1>
        <p>The build could not be loaded: {manifest.message}</p>
        <p>
          Run <code>npm run build</code> and open the viewer from <code>build/viewer/</code> served over HTTP (<code>npm start</code>).
        </p>
      </main>
    );
  if (unknownEnv)
    return (
      <div className="app">
        <SkipLink />
        <AppHeader manifest={manifest.value} env={null} route={route} graph={null} />
        <UnknownEnv name={route.env!} envs={envs} route={route} />
      </div>
    );
  if (!env) return <p role="alert">The build has no environments.</p>;
  const View = VIEW_COMPONENTS[route.view];
  return (
    <div className="app">
      <SkipLink />
      <AppHeader manifest={manifest.value} env={env} route={route} graph={graph.status === 'ready' ? graph.value : null} />
      <main id="main" tabIndex={-1}>
        {graph.status === 'loading' && <p className="loading">Loading {env}…</p>}
        {graph.status === 'error' && (
          <section className="view load-error" role="alert">
            <h2>The {env} build could not be loaded</h2>
            <p>{graph.message}</p>
            <p className="muted">The other environments may still open from the switch above.</p>
          </section>
        )}
        {graph.status === 'ready' && (
          <ViewErrorBoundary resetKey={`${env}/${route.view}/${route.arg ?? ''}`}>
            <View env={env} graph={graph.value} manifest={manifest.value} route={route} updateQuery={updateQuery} />
          </ViewErrorBoundary>
        )}
      </main>
    </div>
  );
}
