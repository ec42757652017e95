import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { EnvName, Manifest } from '../../compiler/graph-types';

/** The folder of the real container's build, made once per run by tests/setup/real-build.ts (read only). */
export function realBuild(): string {
  return inject('realBuild');
}

/** The folder of the run's `vite build` of the viewer, made once per run beside the real build (read only). */
export function realViewer(): string {
  return inject('realViewer');
}

/** The real build's manifest. */
export function realManifest(): Manifest {
  return JSON.parse(readFileSync(join(realBuild(), 'manifest.json'), 'utf8')) as Manifest;
}

/** The path of one environment's bundle in the real build (its source map is `<path>.map`). */
export function realBundlePath(env: EnvName): string {
  const entry = realManifest().environments[env];
  if (!entry) throw new Error(`the real build has no ${env} environment`);
  return join(realBuild(), entry.file);
}

/** One environment's bundle of the real build, as it ships. */
export function realBundle(env: EnvName): string {
  return readFileSync(realBundlePath(env), 'utf8');
}
