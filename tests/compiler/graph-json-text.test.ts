import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileResult } from '../../compiler';
import { declarationKey } from '../../compiler/phases/3-graph/hashes';
import { graphJson, graphJsonBytes, type RuleTexts } from '../../compiler/phases/5-emit/graph-json';
import type { Bundle } from '../../compiler/phases/5-emit/bundle';
import type { HostUse } from '../../compiler/graph-types';
import { container, removeContainer, ruleSource, REPO } from '../helpers/container';

// graph.json's text is written with each rule's entry serialized once for all environments
// (5-emit/graph-json.ts, graphJsonBytes); it must be the text JSON.stringify writes for the graph
// object, in every environment, whatever the rule's strings hold.

const bundle: Bundle = { fileName: 'container.0123456789abcdef.min.js', mapName: 'container.0123456789abcdef.min.js.map', code: '', map: '', hash: '0123456789abcdef', bytes: 10, gzipBytes: 5, integrity: 'sha384-x' };
const stamp = { version: '1.2.3', buildTime: '2026-01-01T00:00:00.000Z' };
const hosts: HostUse[] = [{ host: 'metrics.firm.example', category: 'analytics', directive: 'img-src', rules: ['a'] }];

/** The texts graphJsonBytes writes for every plan of a compile, one RuleTexts shared as emit shares it, against JSON.stringify of graphJson. */
function compare({ graph, plans, diagnostics }: CompileResult, hashes: Map<string, string>) {
  const texts: RuleTexts = new Map();
  for (const plan of plans) {
    for (const h of [hosts, undefined]) {
      const expected = JSON.stringify({ ...graphJson(graph, plan, bundle, stamp, diagnostics, hashes), hosts: h }, null, 1);
      expect(graphJsonBytes(graph, plan, bundle, stamp, diagnostics, hashes, h, texts).toString('utf8')).toBe(expected);
    }
  }
  return texts;
}

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

let project: CompileResult;
beforeAll(async () => {
  project = await compile({ root: REPO, emit: false });
}, 180_000);

describe('graph.json text', () => {
  it("is JSON.stringify's text of the graph in every environment of the container, rule entries shared", () => {
    // Hashes for every other rule: an entry without a hash omits the field.
    const hashes = new Map(project.graph.rules.filter((_, i) => i % 2 === 0).map((r, i) => [declarationKey(r.loaded), `hash-${i}`]));
    const texts = compare(project, hashes);
    expect(project.plans.length).toBe(5);
    expect(new Set(project.plans.map((p) => p.rules.length)).size).toBeGreaterThan(1);
    expect(texts.size).toBe(new Set(project.plans.flatMap((p) => p.rules)).size);
  });

  it('keeps strings with line breaks, quotes, non-ASCII text and a position-like key as JSON.stringify writes them', async () => {
    // A description is one line; a step's label may hold line breaks.
    const line = '" "position": 0, ] é 😀 \\';
    const tricky = '"\n   "position": 0,\n  ] \u2028 é 😀 \\';
    const root = container('graph-json-text', {
      'rules/tricky.ts': ruleSource(`{ id: 'tricky', description: ${JSON.stringify(line)}, events: ['Page Load Completed'], actions: [{ label: ${JSON.stringify(tricky)}, sends: 'necessary', run: () => undefined }] }`),
      'rules/plain.ts': ruleSource("{ id: 'plain', description: 'plain', order: 10, events: ['Page Load Completed'], actions: [{ label: 'y', sends: 'necessary', run: () => undefined }] }"),
    });
    roots.push(root);
    const result = await compile({ root, emit: false });
    const rule = result.plans[0].rules.find((r) => r.loaded.value.id === 'tricky')!;
    expect([rule.loaded.value.description, rule.actions[0].params.label]).toEqual([line, tricky]);
    compare(result, new Map());
  }, 120_000);

  it('writes an environment without rules as JSON.stringify does', () => {
    const empty = { ...project.plans[0], rules: [], table: {}, sources: [] };
    expect(graphJsonBytes(project.graph, empty, bundle, stamp, project.diagnostics, new Map(), hosts, new Map()).toString('utf8')).toBe(JSON.stringify({ ...graphJson(project.graph, empty, bundle, stamp, project.diagnostics), hosts }, null, 1));
  });
});
