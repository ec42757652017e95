import { useEffect, useState } from 'react';
import type { Graph, Manifest } from '../../../compiler/graph-types';
import { loadGraph, loadManifest } from './fetch-build';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };

function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ key, loaded: { status: 'ready', value } }),
      (error: unknown) => live && setState({ key, loaded: { status: 'error', message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
    // `key` names what `load` loads.
  }, [key]);
  return state.key === key ? state.loaded : { status: 'loading' };
}

export function useManifest(): Loaded<Manifest> {
  return useLoad(() => loadManifest(), 'manifest');
}

export function useGraph(env: string | null): Loaded<Graph> {
  return useLoad(() => (env ? loadGraph(env) : Promise.reject(new Error('no environment'))), `graph:${env}`);
}

/** Every environment's graph, for views that compare them (schemas, environments). */
export function useAllGraphs(envs: string[]): Loaded<Graph[]> {
  return useLoad(() => Promise.all(envs.map((e) => loadGraph(e))), `graphs:${envs.join(',')}`);
}
