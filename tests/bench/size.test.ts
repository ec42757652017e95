import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { afterAll, describe, expect, it } from 'vitest';
import { attribute, groupOf, segmentsOf } from '../../compiler/bench/size';

// The bench's size attribution: every byte of a minified bundle goes to the source its
// source-map segment names, and a group's gzip figure is what the bundle loses without it.

const dir = mkdtempSync(join(tmpdir(), 'tagc-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('size attribution', () => {
  it('groups sources by area, keeping top-level and lib/ files whole', () => {
    expect(groupOf('runtime/core/dispatch.ts')).toBe('runtime/core');
    expect(groupOf('runtime/target/render.ts')).toBe('runtime/target');
    expect(groupOf('rules/lib/areas.ts')).toBe('rules/lib/areas.ts');
    expect(groupOf('rules/site.config.ts')).toBe('rules/site.config.ts');
    expect(groupOf('rules/events/cta.ts')).toBe('rules/events');
    expect(groupOf('tagc-entry-prod.ts')).toBe('tagc-entry-prod.ts');
    expect(groupOf('node_modules/@scope/pkg/index.js')).toBe('node_modules/@scope/pkg');
  });

  it('gives every byte of a minified bundle to a source, the big one the most', async () => {
    mkdirSync(join(dir, 'big'), { recursive: true });
    mkdirSync(join(dir, 'small'), { recursive: true });
    const words = Array.from({ length: 200 }, (_, i) => `"entry ${i} ${(i * 7919) % 1000}"`).join(', ');
    writeFileSync(join(dir, 'big', 'table.js'), `export const table = [${words}];\nexport function pick(i) { return table[i % table.length]; }\n`);
    writeFileSync(join(dir, 'small', 'add.js'), `export function add(a, b) { return a + b; }\n`);
    writeFileSync(join(dir, 'entry.js'), `import { pick } from './big/table.js';\nimport { add } from './small/add.js';\nwindow.x = pick(add(1, 2));\n`);
    const out = await build({ entryPoints: [join(dir, 'entry.js')], bundle: true, minify: true, sourcemap: 'external', write: false, outfile: join(dir, 'out.js'), absWorkingDir: dir, format: 'iife' });
    const code = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    const map = new SourceMapConsumer(JSON.parse(out.outputFiles.find((f) => f.path.endsWith('.map'))!.text) as RawSourceMap);

    const segments = segmentsOf(code, map, dir, dir);
    expect(segments.reduce((n, s) => n + s.length, 0)).toBe(code.length);
    const rows = attribute(code, segments);
    const groups = rows.map((r) => r.group);
    expect(groups[0]).toBe('big/table.js');
    expect(groups).toEqual(expect.arrayContaining(['small/add.js', 'entry.js']));
    const big = rows[0]!;
    expect(big.raw).toBeGreaterThan(code.length / 2);
    expect(big.gzip).toBeGreaterThan(0);
    expect(big.gzip).toBeLessThan(big.raw);
  });
});
