import { useEffect, type ComponentType } from 'react';
import type { Manifest } from '../../compiler/graph-types';
import { useGraph, useManifest } from './data/use-build';
import { AppHeader } from './layout/app-header';
import { formatRoute, type View } from './routing/route';
import { navigate, useRoute } from './routing/use-route';
import { DataElementsView } from './views/data-elements-view';
import { DiagnosticsView } from './views/diagnostics-view';
import { EnvironmentsView } from './views/environments-view';
import { FiringOrderView } from './views/firing-order-view';
import { GraphView } from './views/graph-view';
import { MappingView } from './views/mapping-view';
import { RuleDetailView } from './views/rule-detail-view';
import { RulesView } from './views/rules-view';
import { SchemasView } from './views/schemas-view';
import type { ViewProps } from './views/view-props';

const VIEW_COMPONENTS: Record<View, ComponentType<ViewProps>> = {
  rules: RulesView,
  firing: FiringOrderView,
  graph: GraphView,
  'data-elements': DataElementsView,
  schemas: SchemasView,
  mapping: MappingView,
  environments: EnvironmentsView,
  diagnostics: DiagnosticsView,
  rule: RuleDetailView,
};

/** The environment a link without one opens: prod, which analysts ask about first. */
export function defaultEnv(manifest: Manifest): string | null {
  const envs = Object.keys(manifest.environments);
  return envs.includes('prod') ? 'prod' : (envs[0] ?? null);
}

export function App() {
  const { route, updateQuery } = useRoute();
  const manifest = useManifest();
  const envs = manifest.status === 'ready' ? Object.keys(manifest.value.environments) : [];
  const env = manifest.status !== 'ready' ? null : route.env && envs.includes(route.env) ? route.env : defaultEnv(manifest.value);
  const graph = useGraph(env);

  useEffect(() => {
    // An unknown or missing environment in the URL: show the default one, and say so in the URL.
    if (env && route.env !== env) navigate(formatRoute({ ...route, env }), { replace: true });
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
  if (!env) return <p role="alert">The build has no environments.</p>;
  const View = VIEW_COMPONENTS[route.view];
  return (
    <div className="app">
      <AppHeader manifest={manifest.value} env={env} route={route} graph={graph.status === 'ready' ? graph.value : null} />
      <main id="main">
        {graph.status === 'loading' && <p className="loading">Loading {env}…</p>}
        {graph.status === 'error' && <p role="alert">{graph.message}</p>}
        {graph.status === 'ready' && <View env={env} graph={graph.value} manifest={manifest.value} route={route} updateQuery={updateQuery} />}
      </main>
    </div>
  );
}
