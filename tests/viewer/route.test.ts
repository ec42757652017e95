import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from '../../viewer/src/routing/route';
import { formatSort, parseSort } from '../../viewer/src/tables/use-data-table';

describe('viewer routes', () => {
  it('reads environment, view, item and query from the hash', () => {
    const r = parseRoute('#/prod/firing/CTA%20Clicked?all=1');
    expect(r.env).toBe('prod');
    expect(r.view).toBe('firing');
    expect(r.arg).toBe('CTA Clicked');
    expect(r.query.get('all')).toBe('1');
  });

  it('round-trips a route with characters that need escaping', () => {
    const hash = formatRoute({ env: 'stg', view: 'rule', arg: 'a/b c?d', query: { q: 'event61 & eVar22', events: 'CTA Clicked' } });
    const r = parseRoute(hash);
    expect([r.env, r.view, r.arg, r.query.get('q'), r.query.get('events')]).toEqual(['stg', 'rule', 'a/b c?d', 'event61 & eVar22', 'CTA Clicked']);
  });

  it('falls back to the rules view for an empty or unknown hash', () => {
    expect(parseRoute('').view).toBe('rules');
    expect(parseRoute('').env).toBeNull();
    expect(parseRoute('#/dev/nonsense').view).toBe('rules');
    expect(parseRoute('#/dev/%E0%A4%A').env).toBe('dev');
  });

  it('writes sorts as column ids, descending with a minus', () => {
    expect(parseSort('-order,id')).toEqual([
      { id: 'order', desc: true },
      { id: 'id', desc: false },
    ]);
    expect(formatSort([{ id: 'file', desc: true }])).toBe('-file');
    expect(parseSort(null)).toBeNull();
  });
});
