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

export type Settled<T> = Exclude<Loaded<T>, { status: 'loading' }>;

const settle = <T,>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value): Settled<T> => ({ status: 'ready', value }),
    (error: unknown): Settled<T> => ({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
  );

/**
 * Every environment's graph, each loaded or failed on its own, for the views that compare them
 * (schemas, environments): one missing graph.json is shown as missing, the others as they are.
 */
export function useEnvGraphs(envs: string[]): Loaded<Map<string, Settled<Graph>>> {
  return useLoad(async () => new Map(await Promise.all(envs.map(async (e) => [e, await settle(loadGraph(e))] as const))), `graphs:${envs.join(',')}`);
}
