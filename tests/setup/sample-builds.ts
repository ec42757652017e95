import { join } from 'node:path';
import { compile } from '../../compiler';
import { container, removeContainer, ruleSource } from '../helpers/container';

// The publishing tests' two builds of one small sample container (A and B differ by their build
// time, which every bundle carries), made once per run by the global setup (real-build.ts); a
// test file takes copies of its own with sampleBuilds() (tests/helpers/published-builds.ts).

const BUILD_TIMES = { a: '2026-01-05T10:00:00.000Z', b: '2026-01-06T10:00:00.000Z' } as const;

/** Builds A and B into `<out>/a` and `<out>/b`. */
export async function buildSamples(out: string): Promise<void> {
  const root = container('sample-builds', {
    'rules/page-view.ts': ruleSource(`{ id: 'page-view', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'noop', sends: 'necessary', run: () => undefined }] }`),
  });
  try {
    await Promise.all(Object.entries(BUILD_TIMES).map(([label, buildTime]) => compile({ root, outDir: join(out, label), envs: ['dev', 'stg', 'prod'], buildTime })));
  } finally {
    removeContainer(root);
  }
}
