import type { Graph, Manifest } from '../../../compiler/graph-types';
import { checkGraph, checkManifest } from './check-build';

// The viewer lives in build/viewer/; the build it shows is one folder up. Each file is fetched
// once per page and shared by every view that needs it.

const cache = new Map<string, Promise<unknown>>();

export class LoadError extends Error {
  constructor(
    message: string,
    /** The HTTP status when the server answered with an error. */
    readonly status?: number,
  ) {
    super(message);
  }
}

async function fetchJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-cache' });
  } catch (error) {
    throw new LoadError(`could not fetch ${url}: ${String(error)}`);
  }
  if (!res.ok) throw new LoadError(`could not fetch ${url}: HTTP ${res.status}`, res.status);
  try {
    return (await res.json()) as unknown;
  } catch {
    throw new LoadError(`${url} is not valid JSON`);
  }
}

/** Fetches `name` (relative to the build) once and checks its shape. */
function once<T>(base: string, name: string, check: (value: unknown, what: string) => T): Promise<T> {
  const url = new URL(name, base).href;
  let p = cache.get(url) as Promise<T> | undefined;
  if (!p) {
    p = fetchJson(url).then((value) => check(value, name));
    // A failed fetch may succeed after a rebuild: do not keep the rejection.
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p;
}

export const dataBase = (): string => new URL('../', window.location.href).href;

export function loadManifest(base = dataBase()): Promise<Manifest> {
  return once(base, 'manifest.json', checkManifest);
}

export async function loadGraph(env: string, base = dataBase()): Promise<Graph> {
  const manifest = await loadManifest(base);
  const entry = manifest.environments[env as keyof Manifest['environments']];
  if (!entry) throw new LoadError(`the build has no "${env}" environment (it has ${Object.keys(manifest.environments).join(', ')})`);
  return once(base, entry.graph, checkGraph);
}

/** A JSON file of the build's origin (a `tagc diff` report beside the build), fetched once and checked. */
export function loadChecked<T>(name: string, check: (value: unknown, what: string) => T, base = dataBase()): Promise<T> {
  const url = new URL(name, base);
  // A deep link must not make the viewer fetch from another site.
  if (url.origin !== new URL(base).origin) return Promise.reject(new LoadError(`${name} is not on this viewer's site (${new URL(base).origin})`));
  return once(base, name, check);
}

export function clearBuildCache(): void {
  cache.clear();
}
