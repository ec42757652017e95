import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '../../compiler';
import type { Manifest } from '../../compiler/graph-types';
import { container, removeContainer, ruleSource } from './container';
import { realViewer } from './real-build';

// Two builds of one small sample container (A and B differ by their build time, which every
// bundle carries), each with the run's viewer build (realViewer()) unless told not to, for the
// publishing tests.

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
  const root = container(name, {
    'rules/page-view.ts': ruleSource(`{ id: 'page-view', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }`),
  });
  const build = async (label: string, buildTime: string, commit: string): Promise<SampleBuild> => {
    const dir = join(root, `build-${label}`);
    await compile({ root, outDir: dir, envs: ['dev', 'stg', 'prod'], buildTime });
    if (withViewer) cpSync(realViewer(), join(dir, 'viewer'), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    return { dir, commit, manifest, bundle: (env) => readFileSync(join(dir, manifest.environments[env]!.file)) };
  };
  const a = await build('a', '2026-01-05T10:00:00.000Z', COMMIT_A);
  const b = await build('b', '2026-01-06T10:00:00.000Z', COMMIT_B);
  return { a, b, remove: () => removeContainer(root) };
}

