import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { compressScript } from '../../compiler/phases/5-emit/compress';
import { REPO } from '../helpers/container';

// Each compare operator's test is passed by its export (runtime/conditions/compare.ts), so a
// bundle carries the operators its rules use and no other: minified as prod builds it, a bundle
// that uses only `truthy` has none of the text or number operators.

async function bundleOf(names: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: `import { ${names.join(', ')} } from ${JSON.stringify(join(REPO, 'runtime/conditions/compare.ts'))};\nglobalThis.ops = [${names.join(', ')}];\n`, resolveDir: REPO, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    define: { __TAGC_TOOLING__: 'false' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('compare operators in a bundle', () => {
  it('leave out the operators no rule uses', async () => {
    const code = await bundleOf(['truthy']);
    for (const marker of ['.endsWith(', 'new RegExp', '.some(', '===!0', '<=']) expect(code, marker).not.toContain(marker);
    expect(code).toContain('"false"');
  });

  it("write no operator's name once compressed as prod is: only tooling reads it (params)", async () => {
    const { code } = await compressScript(await bundleOf(['truthy', 'falsy', 'isIn']));
    for (const name of ['"truthy"', '"falsy"', '"in"']) expect(code, name).not.toContain(name);
    expect(code).toContain('"false"');
  });

  it('keep the operators a rule uses', async () => {
    const code = await bundleOf(['truthy', 'endsWith', 'matches']);
    for (const marker of ['.endsWith(', 'RegExp(']) expect(code, marker).toContain(marker);
  });
});
