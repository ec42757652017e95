import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { StrippedModules } from '../../compiler/phases/3-graph/hashes/stripped-modules';
import { joinMappings } from '../../compiler/phases/5-emit/map-lines';
import { ruleGroups } from '../../compiler/phases/5-emit/rule-groups';
import { container, DECLARE, removeContainer, ruleSource } from '../helpers/container';

// A large project's rules reach esbuild joined into group modules (5-emit/rule-groups.ts). The
// bundles do what they did with a module per rule, and their maps still point into each rule's .ts.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const plain = (id: string) => ruleSource(`{\n  id: '${id}',\n  description: 'the ${id} rule',\n  events: ['Page Load Completed'],\n  actions: [{ label: '${id}', sends: 'necessary', run: () => console.log('${id}-ran') }],\n}`, 'rule');
const FILES = {
  'rules/a.ts': plain('rule-a'),
  'rules/b.ts': plain('rule-b'),
  // A top-level declaration besides the rule: a module of its own.
  'rules/c.ts': `import { rule } from ${JSON.stringify(DECLARE)};\nconst label = 'rule-c';\nexport default rule({ id: label, description: 'c', events: ['Page Load Completed'], actions: [{ label, sends: 'necessary', run: () => undefined }] });\n`,
  'rules/d.ts': plain('rule-d'),
  // Names `de` without importing it, where e.ts imports it: they must not share a scope.
  'rules/e.ts': ruleSource(`{ id: 'rule-e', description: 'e', events: ['Page Load Completed'], actions: [{ label: 'e', sends: 'necessary', run: () => void de }] }`, 'rule, de'),
  'rules/f.ts': `import { rule } from ${JSON.stringify(DECLARE)};\nexport default rule({ id: 'rule-f', description: 'f', events: ['Page Load Completed'], actions: [{ label: 'f', sends: 'necessary', run: (de: unknown) => de }] });\n`,
  'rules/g.ts': plain('rule-g'),
  'rules/nested/h.ts': plain('rule-h'),
};

describe('rule groups', () => {
  it('join consecutive rules of a folder, leaving out modules that declare more and names that would clash', async () => {
    const root = container('rule-groups', FILES);
    roots.push(root);
    const files = ['rules/nested/h.ts', 'rules/g.ts', 'rules/f.ts', 'rules/e.ts', 'rules/d.ts', 'rules/c.ts', 'rules/b.ts', 'rules/a.ts'].map((f) => join(root, f));
    const groups = await ruleGroups(files, new StrippedModules());
    const groupOf = (f: string) => groups.of.get(join(root, f))?.file;
    // h alone in its folder, c declares `label`: neither is grouped; f names `de`, which e imports.
    for (const f of ['rules/nested/h.ts', 'rules/c.ts']) expect(groupOf(f), f).toBeUndefined();
    expect(groupOf('rules/g.ts')).toBe(groupOf('rules/f.ts'));
    expect(groupOf('rules/e.ts')).not.toBe(groupOf('rules/f.ts'));
    expect(groupOf('rules/e.ts')).toBe(groupOf('rules/d.ts'));
    expect(groupOf('rules/b.ts')).toBe(groupOf('rules/a.ts'));
    expect(groupOf('rules/b.ts')).not.toBe(groupOf('rules/d.ts'));
  });

  it('give bundles with the same rules and maps into each rule file', async () => {
    const root = container('rule-groups-build', FILES);
    roots.push(root);
    const buildTime = '2026-01-01T00:00:00.000Z';
    const apart = await compile({ root, outDir: join(root, 'apart'), envs: ['test', 'prod'], buildTime, ruleGroups: false, typecheck: false });
    const grouped = await compile({ root, outDir: join(root, 'grouped'), envs: ['test', 'prod'], buildTime, ruleGroups: true, typecheck: false });
    for (const env of ['test', 'prod']) {
      const [a, g] = [apart.bundles[env], grouped.bundles[env]];
      expect(g.code, env).not.toBe(a.code);
      expect(g.code).not.toContain('__tagc-rules');
      const map = JSON.parse(g.map) as RawSourceMap;
      expect(map.sources.filter((s) => s.includes('__tagc-rules'))).toEqual([]);
      expect([...map.sources].sort()).toEqual([...(JSON.parse(a.map) as RawSourceMap).sources].sort());
      const consumer = new SourceMapConsumer(map);
      for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
        const file = `rules/${id}.ts`;
        expect(map.sourcesContent?.[map.sources.indexOf(file)], file).toBe(readFileSync(join(root, file), 'utf8'));
        // Each rule's id (c's is its `label`), where the map says it is written.
        const lines = g.code.split('\n');
        const line = lines.findIndex((l) => l.includes(`"rule-${id}"`));
        expect(line, `${env} ${id}`).toBeGreaterThanOrEqual(0);
        const at = consumer.originalPositionFor({ line: line + 1, column: lines[line]!.indexOf(`"rule-${id}"`) });
        expect(at.source, `${env} ${id}`).toBe(file);
        const source = readFileSync(join(root, file), 'utf8').split('\n');
        expect(source[at.line - 1]!.slice(at.column).startsWith(`'rule-${id}'`), `${env} ${id}: ${source[at.line - 1]}`).toBe(true);
      }
      // The same rules in the same order.
      const ids = (code: string) => [...code.matchAll(/"rule-[a-h]"/g)].map((m) => m[0]);
      expect(ids(g.code)).toEqual(ids(a.code));
    }
  }, 120_000);

  it('joins maps line by line, each part keeping its own sources, lines and names', () => {
    // After a header line: part 1, two lines, its source's 1:0 and 1:4 (name 0); part 2, its second line to its source 0's 3:2 (name 0) and source 1's 0:0 (lines and columns from 0).
    const mappings = joinMappings([
      { mappings: '', sources: 0, names: 0, lines: 1 },
      { mappings: 'AACA,IAAIA', sources: 1, names: 1, lines: 2 },
      { mappings: ';AAGEA,ECHF', sources: 2, names: 1, lines: 2 },
    ]);
    const map: RawSourceMap = { version: '3', file: 'x.js', sources: ['p1.ts', 'p2a.ts', 'p2b.ts'], names: ['one', 'two'], mappings };
    const c = new SourceMapConsumer(map);
    expect(c.originalPositionFor({ line: 2, column: 0 })).toMatchObject({ source: 'p1.ts', line: 2, column: 0 });
    expect(c.originalPositionFor({ line: 2, column: 4 })).toMatchObject({ source: 'p1.ts', line: 2, column: 4, name: 'one' });
    expect(c.originalPositionFor({ line: 5, column: 0 })).toMatchObject({ source: 'p2a.ts', line: 4, column: 2, name: 'two' });
    expect(c.originalPositionFor({ line: 5, column: 2 })).toMatchObject({ source: 'p2b.ts', line: 1, column: 0 });
  });
});
