import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { container, removeContainer, ruleSource } from '../helpers/container';

// `compile({ texts: false })` (what `tagc build` asks) does not hold each bundle's code and map
// to the build's end: the result reads them back from the output folder when asked for.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const RULE = ruleSource("{ id: 'a', description: 'a', events: ['Page Load Completed'], actions: [{ label: 'a', sends: 'necessary', run: () => undefined }] }", 'rule');

describe('a build without its bundles held', () => {
  it('gives the code and map written to the output folder, read when asked for', async () => {
    const root = container('written-bundles', { 'rules/a.ts': RULE });
    roots.push(root);
    const outDir = join(root, 'out');
    const buildTime = '2026-01-01T00:00:00.000Z';
    const held = await compile({ root, outDir: join(root, 'held'), envs: ['test', 'prod'], buildTime });
    const result = await compile({ root, outDir, envs: ['test', 'prod'], texts: false, buildTime });
    for (const env of ['test', 'prod']) {
      const b = result.bundles[env];
      expect(b.code, env).toBe(held.bundles[env].code);
      expect(b.map, env).toBe(held.bundles[env].map);
      expect(b.code, env).toBe(readFileSync(join(outDir, env, b.fileName), 'utf8'));
    }
    // Read from the folder, not a copy held since the build.
    const file = join(outDir, 'prod', result.bundles.prod.fileName);
    writeFileSync(file, 'replaced');
    expect(result.bundles.prod.code).toBe('replaced');
    expect(held.bundles.prod.code).not.toBe('replaced');
  });
});
