import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/container';

// A data element's kind and params are read only by tooling (runtime/declare/tooling.ts): a
// bundle without it builds the element from its reader and options alone.

async function elementBuiltBy(tooling: boolean): Promise<Record<string, unknown>> {
  const entry = join(REPO, 'runtime/declare/data-element.ts');
  const result = await build({
    stdin: { contents: `import { dataElement } from ${JSON.stringify(entry)};\nglobalThis.__element = dataElement(() => 1, { default: 2 }, 'cookie', { name: 'x' });\n`, resolveDir: REPO, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    define: { __TAGC_TOOLING__: String(tooling) },
    logLevel: 'silent',
  });
  const scope: { __element?: Record<string, unknown> } = {};
  new Function('globalThis', result.outputFiles[0]!.text)(scope);
  return scope.__element!;
}

describe('a data element in a bundle', () => {
  it('carries no kind nor params without tooling, and its reader and options', async () => {
    const element = await elementBuiltBy(false);
    expect(Object.keys(element).sort()).toEqual(['default', 'read']);
    expect((element.read as () => unknown)()).toBe(1);
  });

  it('carries its brand, kind and params with tooling', async () => {
    expect(await elementBuiltBy(true)).toMatchObject({ __tagc: 'dataElement', kind: 'cookie', params: { name: 'x' }, default: 2 });
  });
});
