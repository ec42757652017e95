import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { BROWSER_SCRIPT } from '../../compiler/phases/5-emit/browser-build';
import { compressScript } from '../../compiler/phases/5-emit/compress';
import { realBundlePath } from '../helpers/real-build';

// swc's pass over esbuild's output (compiler/phases/5-emit/compress.ts): smaller code, the same
// behaviour, and a source map that still names the project's sources.

const SOURCE = [
  'const LIMIT = 3;',
  'function label(kind: string): string {',
  '  if (kind === "a") return "first kind";',
  '  return "other kind";',
  '}',
  'export function run(items: string[]): string[] {',
  '  const out: string[] = [];',
  '  for (const item of items.slice(0, LIMIT)) out.push(label(item));',
  '  return out;',
  '}',
  'Object.assign(globalThis, { compressed: run });',
].join('\n');

async function esbuildOutput(): Promise<{ code: string; map: string }> {
  const result = await build({ ...BROWSER_SCRIPT, stdin: { contents: SOURCE, sourcefile: 'labels.ts', loader: 'ts' }, sourcemap: 'external', outfile: 'out.js' });
  const file = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))!.text;
  return { code: file('.js'), map: file('.map') };
}

/** Where in the original source the first occurrence of `needle` in the code maps to. */
function originOf(code: string, map: string, needle: string): { source: string | null; line: number | null } {
  const at = code.indexOf(needle);
  expect(at, `${needle} is in the code`).toBeGreaterThanOrEqual(0);
  const before = code.slice(0, at).split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(map) as RawSourceMap);
  const { source, line } = consumer.originalPositionFor({ line: before.length, column: before[before.length - 1].length, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
  return { source, line };
}

describe('the swc pass over esbuild output', () => {
  it('keeps the behaviour and makes the same bytes every time', async () => {
    const input = await esbuildOutput();
    const a = await compressScript(input.code, input.map);
    const b = await compressScript(input.code, input.map);
    expect(a.code).toBe(b.code);
    const scope: Record<string, unknown> = {};
    new Function('globalThis', a.code)(scope);
    expect((scope.compressed as (items: string[]) => string[])(['a', 'b', 'a', 'a'])).toEqual(['first kind', 'other kind', 'first kind']);
  });

  it('chains the source map through esbuild: a literal maps back to its line in the TypeScript source', async () => {
    const input = await esbuildOutput();
    const out = await compressScript(input.code, input.map);
    expect(out.map).toBeDefined();
    expect(originOf(out.code, out.map!, '"other kind"')).toEqual({ source: 'labels.ts', line: 4 });
    expect(originOf(out.code, out.map!, '"first kind"')).toEqual({ source: 'labels.ts', line: 3 });
    const map = JSON.parse(out.map!) as { sources: string[]; sourcesContent: string[] };
    expect(map.sourcesContent[map.sources.indexOf('labels.ts')]).toBe(SOURCE);
  });

  it('leaves the map out when none is given', async () => {
    const input = await esbuildOutput();
    expect((await compressScript(input.code)).map).toBeUndefined();
  });

  it('runs the passes asked for: five by default, where one leaves what a later pass folds', async () => {
    // Each pass inlines what the one before made constant: the sum is folded only by the third.
    const script = '(function(){var a=1;var b=a+1;var c=b+1;function f(x){return x+c}function g(y){return f(y)*2}window.out=g(document.x)})();';
    expect((await compressScript(script)).code).toBe('window.out=2*(document.x+3);');
    expect((await compressScript(script, undefined, { passes: 5 })).code).toBe('window.out=2*(document.x+3);');
    expect((await compressScript(script, undefined, { passes: 1 })).code).toBe('!function(){var n=3;window.out=function(o){return 2*(o+n)}(document.x)}();');
  });

  it('leaves the real prod bundle mapped to the runtime and the container sources', () => {
    const file = realBundlePath('prod');
    const code = readFileSync(file, 'utf8');
    const map = readFileSync(`${file}.map`, 'utf8');
    expect(originOf(code, map, '"[tagc]"').source).toBe('runtime/core/log.ts');
    expect(originOf(code, map, '"tagc.debug"').source).toBe('runtime/core/log.ts');
  });
});
