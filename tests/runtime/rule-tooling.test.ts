import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/container';

// A rule's consent is null where it needs none only as tooling sees it (graph.json): a bundle
// without tooling leaves the field as declared, which the dispatcher tests as it is.

async function rulesBuiltBy(tooling: boolean): Promise<Record<string, unknown>[]> {
  const entry = join(REPO, 'runtime/declare/rule.ts');
  const result = await build({
    stdin: {
      contents: `import { rule } from ${JSON.stringify(entry)};\nglobalThis.__rules = [rule({ id: 'open', events: ['x'] }), rule({ id: 'gated', events: ['x'], consent: 'analytics' })];\n`,
      resolveDir: REPO,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    define: { __TAGC_TOOLING__: String(tooling) },
    logLevel: 'silent',
  });
  const scope: { __rules?: Record<string, unknown>[] } = {};
  new Function('globalThis', result.outputFiles[0]!.text)(scope);
  return scope.__rules!;
}

describe('a rule in a bundle', () => {
  it('without tooling, carries its consent category as declared and none where it has none', async () => {
    const [open, gated] = await rulesBuiltBy(false);
    expect(Object.prototype.hasOwnProperty.call(open, 'consent')).toBe(false);
    expect(gated!.consent).toBe('analytics');
  });

  it('with tooling, has null where it needs no consent', async () => {
    const [open, gated] = await rulesBuiltBy(true);
    expect(open!.consent).toBeNull();
    expect(gated!.consent).toBe('analytics');
  });
});
