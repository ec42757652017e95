import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { sourceDate } from '../../compiler/source-date';
import { container, removeContainer, ruleSource } from '../helpers/container';
import { withEnv } from '../helpers/env';
import { commitAll } from '../helpers/git';

// Building the same source twice gives the same bytes: the build time comes from
// SOURCE_DATE_EPOCH, else the HEAD commit, and nothing else in the output depends on the clock.

let root: string;
const files = (dir: string): Record<string, Buffer> => {
  const out: Record<string, Buffer> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full);
    }
  };
  walk(dir);
  return out;
};

beforeAll(() => {
  root = container('repro', {
    'rules/a.ts': ruleSource(`{ id: 'a', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'log', sends: 'necessary', run: () => console.log('a') }] }`),
  });
  commitAll(root, 'sample container', '2026-03-04T05:06:07Z');
});
afterAll(() => removeContainer(root));

describe('reproducible builds', () => {
  it('give byte-identical output when the same commit is built twice', async () => {
    // The commit's time, not a SOURCE_DATE_EPOCH the shell may have set.
    await withEnv({ SOURCE_DATE_EPOCH: undefined }, async () => {
      await compile({ root, outDir: join(root, 'out-1') });
      await compile({ root, outDir: join(root, 'out-2') });
    });
    const first = files(join(root, 'out-1'));
    const second = files(join(root, 'out-2'));
    expect(Object.keys(first).length).toBeGreaterThan(5);
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort());
    for (const [name, bytes] of Object.entries(first)) expect(second[name]!.equals(bytes), name).toBe(true);
    expect(JSON.parse(first['manifest.json']!.toString()).buildTime).toBe('2026-03-04T05:06:07.000Z');
  });

  it('take the build time from SOURCE_DATE_EPOCH first, then the HEAD commit', () => {
    expect(sourceDate(root, { SOURCE_DATE_EPOCH: '1700000000' })).toBe('2023-11-14T22:13:20.000Z');
    expect(sourceDate(root, {})).toBe('2026-03-04T05:06:07.000Z');
    expect(() => sourceDate(root, { SOURCE_DATE_EPOCH: 'yesterday' })).toThrow(/whole number of seconds/);
  });

  it('fall back to the current time outside a git checkout', () => {
    const before = Date.now();
    const stamp = Date.parse(sourceDate('/', {}));
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    expect(stamp).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
