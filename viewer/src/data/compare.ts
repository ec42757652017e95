import type { EnvName, Graph, Manifest } from '../../../compiler/graph-types';
import { diffStructure } from '../../../compiler/diff/structure';
import type { StructureDiff } from '../../../compiler/diff/types';
import { dataBase, loadGraph, loadManifest } from './fetch-build';
import { publishInfo, publishRoot } from './releases';

// What Compare sets against the environment on screen (the head): another environment of this
// build (`env:<name>`) or the same environment of another published build (`build:<id>`). The
// diff itself is the structural diff `tagc diff` prints (compiler/diff/structure.ts).

export type CompareBase = { kind: 'env'; env: string } | { kind: 'build'; buildId: string };

export function parseBase(value: string | null): CompareBase | null {
  const m = /^(env|build):(.+)$/.exec(value ?? '');
  if (!m) return null;
  return m[1] === 'env' ? { kind: 'env', env: m[2]! } : { kind: 'build', buildId: m[2]! };
}

export const formatBase = (b: CompareBase): string => (b.kind === 'env' ? `env:${b.env}` : `build:${b.buildId}`);

export const describeBase = (b: CompareBase, env: string): string => (b.kind === 'env' ? `${b.env} of this build` : `${env} of build ${b.buildId}`);

/** The base graph, or why there is none (an environment the other build lacks is compared as empty). */
export async function loadBase(base: CompareBase, env: string, manifest: Manifest): Promise<Graph | null> {
  if (base.kind === 'env') return loadGraph(base.env);
  const info = publishInfo(manifest);
  if (!info) throw new Error('this build was not published, so there are no other builds to compare with');
  const folder = new URL(`builds/${encodeURIComponent(base.buildId)}/`, publishRoot(info, dataBase())).href;
  const other = await loadManifest(folder);
  return env in other.environments ? loadGraph(env, folder) : null;
}

export const compare = (env: string, base: Graph | null, head: Graph): StructureDiff => diffStructure(env as EnvName, base, head);
