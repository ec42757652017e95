import { describe, expect, it, vi } from 'vitest';
import { environments } from '../../compiler/environments';
import type { EnvPlan } from '../../compiler/phases/4-plan';
import { bundle, type BundleOptions } from '../../compiler/phases/5-emit/bundle';
import { REPO } from '../helpers/container';

// A large project's stripping environment compresses its bundle once the esbuild builds queued
// behind its own have ended (BundleOptions.queuedBuilds, 5-emit/index.ts), so that swc's
// compression does not hold node's memory beside the next environment's esbuild build.

const ENTRY = { source: 'window.tagcQueued = 1 + 1;\n' };

/** bundle() for `env` with a queue whose builds end when the test says; the order of what happened. */
function queuedBundle(env: 'prod' | 'test') {
  const events: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const options: BundleOptions = {
    inputs: false,
    turn: async (build) => {
      const out = await build();
      events.push('built');
      return out;
    },
    queuedBuilds: async () => {
      events.push('waits for the queued builds');
      await gate;
      events.push('queued builds ended');
    },
  };
  const plan = { env: environments[env] } as EnvPlan;
  const made = bundle(REPO, plan, ENTRY, options).then((b) => {
    events.push('bundled');
    return b;
  });
  return { events, open, made };
}

describe("a large project's compression and the builds queued behind it", () => {
  it('compresses a stripping environment once the queued builds have ended', async () => {
    const { events, open, made } = queuedBundle('prod');
    await vi.waitFor(() => expect(events).toContain('waits for the queued builds'), { timeout: 30_000 });
    expect(events).toEqual(['built', 'waits for the queued builds']);
    open();
    const b = await made;
    expect(events).toEqual(['built', 'waits for the queued builds', 'queued builds ended', 'bundled']);
    expect(b.code).toContain('window.tagcQueued=2');
  });

  it('does not wait in a debug environment, which it does not compress', async () => {
    const { events, made } = queuedBundle('test');
    await made;
    expect(events).toEqual(['built', 'bundled']);
  });
});
