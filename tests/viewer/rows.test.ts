import { describe, expect, it } from 'vitest';
import type { Graph, GraphRule } from '../../compiler/graph-types';
import { declaredTables, mappingRows } from '../../viewer/src/data/mapping';
import { ruleRow, schemaRows } from '../../viewer/src/data/rows';
import { syntheticBuild, syntheticRule } from '../../viewer/fixtures/synthetic-graph';

const rule = (over: Partial<GraphRule>): GraphRule => ({ ...syntheticRule(1), position: 0, ...over });

describe('rule rows', () => {
  it('collect every kind a rule uses, including conditions nested in anyOf and not', () => {
    const row = ruleRow(
      rule({
        events: [{ key: '@domReady', kind: 'domReady', label: 'DOM ready' }],
        conditions: [{ kind: 'anyOf', params: { conditions: [{ kind: 'path', params: {} }, { kind: 'not', params: { condition: { kind: 'host', params: {} } } }] }, text: 'any of …' }],
      }),
    );
    expect(row.kinds).toEqual(['analyticsLink', 'anyOf', 'domReady', 'host', 'not', 'path']);
  });

  it('are searchable by what the rule does, not only by its id', () => {
    const row = ruleRow(rule({}));
    expect(row.search.does).toContain('send link hit with event2');
    expect(row.search.event).toContain('cta clicked');
    expect(row.search['*']).toContain('send link hit with event2');
    expect(row.consent).toBe('advertising');
  });

  it("leave the consent gate's words out of the search: it is the consent column", () => {
    const gate = { kind: 'consentGranted', params: { category: 'analytics', exceptPaths: ['/advisor/client-accounts/home.html'] }, text: 'visitor consented to analytics (or path is /advisor/client-accounts/home.html)' };
    const row = ruleRow(rule({ consent: null, gates: ['analytics'], conditions: [gate, { kind: 'path', params: {}, text: 'path starts with /individual' }] }));
    expect(row.search['*']).not.toContain('advisor');
    expect(row.search['*']).toContain('path starts with /individual');
    expect(row.search.consent).toBe('analytics');
    expect(row.does).toEqual(['path starts with /individual', rule({}).actions[0]!.text]);
  });

  it('show "none" for a rule that needs no consent', () => {
    expect(ruleRow(rule({ consent: null, gates: [] })).consent).toBe('none');
  });

  it('show the consent a rule gets through its conditions, as the compiler proved it', () => {
    expect(ruleRow(rule({ consent: null, gates: ['analytics'] })).consent).toBe('analytics');
    expect(ruleRow(rule({ consent: 'performance', gates: ['analytics', 'performance'] })).consent).toBe('analytics, performance');
  });
});

describe('schema rows', () => {
  it('list the environments that validate each event', () => {
    const base = syntheticBuild(3).graph;
    const schema = { event: 'CTA Clicked', file: 'schemas/cta-clicked.ts', description: '', provider: 'Apollo' as const, required: ['linkInfo.linkId'], optional: [], schema: {} };
    const envGraph = (env: Graph['env'], validated: boolean): Graph => ({ ...base, env, schemas: [{ ...schema, validated }] });
    const graphs = [envGraph('dev', true), envGraph('stg', true), envGraph('prod', false)];
    const [row] = schemaRows(graphs[2]!, graphs);
    expect(row!.validatedIn).toEqual(['dev', 'stg']);
    expect(row!.required).toEqual(['linkInfo.linkId']);
    expect(row!.rules).toBe(base.events.find((e) => e.key === 'CTA Clicked')!.rules.length);
  });
});

describe('analytics mapping', () => {
  it('lists each variable an analytics action sets with the data element that feeds it, and each event number', () => {
    const { graph } = syntheticBuild(2);
    const rows = mappingRows(graph);
    const r1 = graph.rules.find((r) => r.id.startsWith('synthetic-00001'))!;
    expect(rows.filter((r) => r.rule === r1.id).map((r) => [r.variable, r.value, r.dataElement])).toEqual([
      ['eVar2', '«de1»', 'de1'],
      ['event2', 'on CTA Clicked', null],
    ]);
  });

  it('ignores actions that do not send analytics', () => {
    const { graph } = syntheticBuild(1);
    graph.rules[0]!.actions[0]!.sends = 'advertising';
    expect(mappingRows(graph)).toEqual([]);
  });

  it('shows declared tables with every cell as text', () => {
    const { graph } = syntheticBuild(1);
    graph.tables = [{ name: 'Analytics variables', file: 'data-elements/analytics.ts', description: 'd', columns: ['variable', 'source', 'n'], rows: [{ variable: 'eVar22', source: { $de: 'pageName' }, n: 3 }] }];
    const [t] = declaredTables(graph);
    expect(t!.rows[0]!.cells).toEqual({ variable: 'eVar22', source: '«pageName»', n: '3' });
    expect(t!.rows[0]!.search.variable).toBe('evar22');
    expect(t!.rows[0]!.search.source).toBe('«pagename»');
    expect(t!.fields.map((f) => f.key)).toEqual(['variable', 'source', 'n']);
  });
});
