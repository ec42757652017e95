import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Manifest } from '../../compiler/graph-types';
import { REPO, removeContainer } from './container';
import { realViewer } from './real-build';

// The publishing tests' two builds of one small sample container (A and B differ by their build
// time, which every bundle carries: tests/setup/sample-builds.ts), built once per run: each file
// works on copies of its own, each with the run's viewer build (realViewer()) unless told not to.

export const COMMIT_A = 'a1'.repeat(20);
export const COMMIT_B = 'b2'.repeat(20);

export interface SampleBuild {
  dir: string;
  commit: string;
  manifest: Manifest;
  /** The bytes of an environment's bundle. */
  bundle(env: 'dev' | 'prod'): Buffer;
}

export interface SampleBuilds {
  a: SampleBuild;
  b: SampleBuild;
  remove(): void;
}

export async function sampleBuilds(name: string, options: { viewer?: boolean } = {}): Promise<SampleBuilds> {
  const withViewer = options.viewer ?? true;
  const root = join(REPO, '.tagc-tmp', `${name}-${process.pid}`);
  removeContainer(root);
  mkdirSync(root, { recursive: true });
  const copy = (label: 'a' | 'b', commit: string): SampleBuild => {
    const dir = join(root, `build-${label}`);
    cpSync(join(inject('sampleBuilds'), label), dir, { recursive: true });
    if (withViewer) cpSync(realViewer(), join(dir, 'viewer'), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    return { dir, commit, manifest, bundle: (env) => readFileSync(join(dir, manifest.environments[env]!.file)) };
  };
  return { a: copy('a', COMMIT_A), b: copy('b', COMMIT_B), remove: () => removeContainer(root) };
}
