import type { Graph, Manifest } from '../../compiler/graph-types';
import { clearBuildCache } from '../../viewer/src/data/fetch-build';
import { syntheticBuild } from '../../viewer/fixtures/synthetic-graph';

// The viewer reads a build over HTTP; in happy-dom that build is served from memory at the
// URLs the viewer asks for (../manifest.json, ../<env>/graph.json relative to /viewer/).

export const VIEWER_URL = 'http://127.0.0.1:4173/viewer/';

export function serveBuild(manifest: Manifest, graphs: Graph[]): string[] {
  const requested: string[] = [];
  const files = new Map<string, unknown>([[new URL('../manifest.json', VIEWER_URL).href, manifest]]);
  for (const g of graphs) files.set(new URL(`../${g.env}/graph.json`, VIEWER_URL).href, g);
  clearBuildCache();
  const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void; setViewport(v: { width: number; height: number }): void } }).happyDOM;
  happyDOM.setURL(VIEWER_URL);
  // A desktop viewport: narrower ones hide columns (tests that need one set it themselves).
  happyDOM.setViewport({ width: 1280, height: 800 });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    requested.push(url);
    const body = files.get(url);
    return body === undefined ? new Response('not found', { status: 404 }) : new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  return requested;
}

/** A build with the same synthetic rules in several environments (test keeps every rule). */
export function multiEnvBuild(count: number): { manifest: Manifest; graphs: Graph[] } {
  const builds = (['test', 'prod'] as const).map((env) => syntheticBuildFor(count, env));
  const environments: Manifest['environments'] = {};
  for (const b of builds) Object.assign(environments, b.manifest.environments);
  return { manifest: { ...builds[0]!.manifest, environments }, graphs: builds.map((b) => b.graph) };
}

function syntheticBuildFor(count: number, env: 'test' | 'prod') {
  const b = syntheticBuild(count, env);
  if (env === 'prod') {
    // prod leaves out the test/dev-only rules, as the compiler's plan does.
    const kept = b.graph.rules.filter((r) => r.environments.includes('prod')).map((r, position) => ({ ...r, position }));
    const ids = new Set(kept.map((r) => r.id));
    b.graph.excluded = { rules: b.graph.rules.filter((r) => !ids.has(r.id)).map((r) => r.id), dataElements: [] };
    b.graph.rules = kept;
    b.graph.events = b.graph.events.map((e) => ({ ...e, rules: e.rules.filter((id) => ids.has(id)) }));
    b.manifest.environments.prod!.rules = kept.length;
  }
  return b;
}
