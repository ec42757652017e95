import { afterAll, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { compile } from '../../compiler';
import { Staging } from '../../compiler/phases/5-emit/staging';
import { container, removeContainer, ruleSource } from '../helpers/container';

// An environment's graph.json is made and staged once its bundle is (and the proofs and hashes
// have answered), while the other environments still build (compiler/phases/5-emit/index.ts):
// at 5,000 rules the five of them at the end were about a second of the main thread with
// nothing beside it.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

describe("an environment's graph.json", () => {
  it('is staged before a later bundle is, not after every bundle', async () => {
    const root = container('graph-json-order', { 'rules/a.ts': ruleSource("{ id: 'a', description: 'a', events: ['Page Load Completed'], actions: [{ label: 'a', sends: 'necessary', run: () => undefined }] }", 'rule') });
    roots.push(root);
    // A first build keeps the proof and the modules' work, so that the second's graph.json waits
    // on neither, only on its own bundle; test builds without compression, prod's bundle waits for swc.
    await compile({ root, outDir: join(root, 'out'), envs: ['test', 'prod'] });
    const write = vi.spyOn(Staging.prototype, 'write');
    try {
      await compile({ root, outDir: join(root, 'out'), envs: ['test', 'prod'] });
      const staged = write.mock.calls.map(([path]) => path);
      const testGraph = staged.indexOf('test/graph.json');
      const prodBundle = staged.findIndex((path) => /^prod\/container\.\w+\.min\.js$/.test(path));
      expect(testGraph).toBeGreaterThanOrEqual(0);
      expect(prodBundle).toBeGreaterThanOrEqual(0);
      expect(testGraph).toBeLessThan(prodBundle);
    } finally {
      write.mockRestore();
    }
  });
});
