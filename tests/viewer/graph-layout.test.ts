import { describe, expect, it } from 'vitest';
import { focusedRules, layoutGraph, MAX_ACTION_CHARS, wrappedLines } from '../../viewer/src/views/graph-layout';
import { graphFocus } from '../../viewer/src/views/graph-view';
import { syntheticBuild } from '../../viewer/fixtures/synthetic-graph';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

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

  it("stacks an event's rules top to bottom in the runtime's firing order", () => {
    const { graph } = syntheticBuild(60);
    const event = graph.events.find((e) => e.key === 'CTA Clicked')!;
    // The firing order is by `order` first, so it is not the ids' order.
    expect(event.rules).not.toEqual([...event.rules].sort());
    const { nodes } = layoutGraph(graph, { event: event.key });
    const rules = nodes.filter((n) => n.kind === 'rule').sort((a, b) => a.y - b.y);
    expect(rules.map((n) => n.ref)).toEqual(event.rules);
  });

  it('keeps nodes of one column apart', () => {
    const { graph } = syntheticBuild(80);
    const { nodes } = layoutGraph(graph, { event: 'Logout' });
    for (const a of nodes) for (const b of nodes) if (a !== b) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false);
  });

  it('sizes each node for its whole label, and shortens only long action texts, keeping them whole in the title', () => {
    const { graph } = syntheticBuild(3);
    graph.rules[0]!.actions[0]!.text = `send page view with ${Array.from({ length: 30 }, (_, i) => `eVar${i} = «de${i}»`).join(', ')}`;
    graph.dataElements.push({ ...graph.dataElements[0]!, name: 'aVeryLongDataElementNameThatNeedsTwoLines' });
    graph.rules[0]!.reads.push('aVeryLongDataElementNameThatNeedsTwoLines');
    const { nodes } = layoutGraph(graph);
    const action = nodes.find((n) => n.id === `a:${graph.rules[0]!.id}:0`)!;
    expect(action.label.length).toBeLessThanOrEqual(MAX_ACTION_CHARS + 2);
    expect(action.label.endsWith('…')).toBe(true);
    expect(action.title).toBe(graph.rules[0]!.actions[0]!.text);
    const long = nodes.find((n) => n.id === 'd:aVeryLongDataElementNameThatNeedsTwoLines')!;
    const short = nodes.find((n) => n.id === `d:${graph.rules[1]!.reads[0]}`)!;
    expect(long.label).toBe('aVeryLongDataElementNameThatNeedsTwoLines');
    expect(long.height).toBeGreaterThan(short.height);
  });

  it('counts wrapped lines at spaces, after hyphens, and inside words longer than a line', () => {
    // 100 px wide: (100 - 26) / 7.6 → 9 characters a line.
    expect(wrappedLines('abc def', 100)).toBe(1);
    expect(wrappedLines('abcdef ghijkl', 100)).toBe(2);
    expect(wrappedLines('abcde-fghij', 100)).toBe(2);
    expect(wrappedLines('abcdefghijklmnopqrstuvwxyz', 100)).toBe(3);
  });

  it('narrows to the rules of one event, or to the rules reading one data element', () => {
    const { graph } = syntheticBuild(30);
    const { nodes } = layoutGraph(graph, { event: 'Logout' });
    expect(nodes.filter((n) => n.kind === 'rule').map((n) => n.ref)).toEqual(graph.events.find((e) => e.key === 'Logout')!.rules);
    expect(nodes.filter((n) => n.kind === 'event').map((n) => n.ref)).toEqual(['Logout']);
    const readers = graph.rules.filter((r) => r.reads.includes('de7')).map((r) => r.id);
    expect(focusedRules(graph, { element: 'de7' }).map((r) => r.id)).toEqual(readers);
  });
});

describe('a window of a large focus', () => {
  it('draws at most `limit` rules from `from`, in firing order, and says how many there are', () => {
    const { graph } = syntheticBuild(3000);
    const event = graph.events.find((e) => e.key === 'Hover')!;
    expect(event.rules.length).toBe(300);
    const { nodes, total } = layoutGraph(graph, { event: 'Hover', from: 200, limit: 200 });
    expect(total).toBe(300);
    const rules = nodes.filter((n) => n.kind === 'rule').sort((a, b) => a.y - b.y);
    expect(rules.map((n) => n.ref)).toEqual(event.rules.slice(200));
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

describe('what the graph shows', () => {
  it('draws a small container whole, and opens a large one on its busiest event', () => {
    expect(graphFocus(syntheticBuild(100).graph, new URLSearchParams())).toEqual({ defaulted: false });
    const large = syntheticBuild(5000).graph;
    const busiest = Math.max(...large.events.map((e) => e.rules.length));
    const focus = graphFocus(large, new URLSearchParams());
    expect(focus.defaulted).toBe(true);
    expect(large.events.find((e) => e.key === focus.event)!.rules.length).toBe(busiest);
    expect(graphFocus(large, new URLSearchParams('element=de3'))).toEqual({ element: 'de3', defaulted: false });
  });
});
