import { describe, expect, it } from 'vitest';
import { layoutGraph } from '../../viewer/src/views/graph-layout';
import { syntheticBuild } from '../../viewer/fixtures/synthetic-graph';

describe('the graph layout', () => {
  it('links events to rules to actions and data elements to rules', () => {
    const { graph } = syntheticBuild(3);
    const { nodes, edges } = layoutGraph(graph);
    const r = graph.rules[0]!;
    const ids = new Set(edges.map((e) => `${e.source}->${e.target}`));
    expect(ids.has(`e:${r.events[0]!.key}->r:${r.id}`)).toBe(true);
    expect(ids.has(`r:${r.id}->a:${r.id}:0`)).toBe(true);
    expect(ids.has(`d:${r.reads[0]}->r:${r.id}`)).toBe(true);
    expect(nodes.filter((n) => n.kind === 'rule')).toHaveLength(3);
  });

  it('lays events left of rules and rules left of their actions', () => {
    const { graph } = syntheticBuild(5);
    const { nodes } = layoutGraph(graph);
    const x = (id: string) => nodes.find((n) => n.id === id)!.x;
    for (const r of graph.rules) {
      expect(x(`e:${r.events[0]!.key}`)).toBeLessThan(x(`r:${r.id}`));
      expect(x(`r:${r.id}`)).toBeLessThan(x(`a:${r.id}:0`));
    }
  });

  it('narrows to the rules of one event', () => {
    const { graph } = syntheticBuild(30);
    const { nodes } = layoutGraph(graph, { event: 'Logout' });
    const rules = nodes.filter((n) => n.kind === 'rule').map((n) => n.ref);
    expect(rules.sort()).toEqual(graph.events.find((e) => e.key === 'Logout')!.rules.slice().sort());
    expect(nodes.filter((n) => n.kind === 'event').map((n) => n.ref)).toEqual(['Logout']);
  });
});

describe('the graph layout without data elements', () => {
  it('draws only events, rules and actions', () => {
    const { graph } = syntheticBuild(10);
    const { nodes, edges } = layoutGraph(graph, { dataElements: false });
    expect(new Set(nodes.map((n) => n.kind))).toEqual(new Set(['event', 'rule', 'action']));
    expect(edges.some((e) => e.source.startsWith('d:'))).toBe(false);
  });
});
