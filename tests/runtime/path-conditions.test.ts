import { describe, expect, it } from 'vitest';
import { pathContains, pathEndsWith, pathEquals, pathMatches, pathStartsWith } from '../../runtime/conditions/path';
import type { Condition, RuleContext } from '../../runtime/declare/types';

// The page-path conditions: each operator against location.pathname, and the params the viewer
// shows (a pattern's source and flags).

const at = (pathname: string) => ({ runtime: { win: { location: { pathname } } } }) as unknown as RuleContext;
const holds = (c: Condition, pathname: string) => c.test(at(pathname));

describe('path conditions', () => {
  it('test the page path with each operator', () => {
    expect([holds(pathStartsWith('/advisor'), '/advisor/x'), holds(pathStartsWith('/advisor'), '/ria/advisor')]).toEqual([true, false]);
    expect([holds(pathContains('/tools/'), '/a/tools/b'), holds(pathEquals('/a'), '/a'), holds(pathEndsWith('.pdf'), '/a.pdf')]).toEqual([true, true, true]);
    expect([holds(pathMatches(/^\/a\/[0-9]+$/i), '/A/12'), holds(pathMatches(/^\/a\/[0-9]+$/), '/A/12')]).toEqual([true, false]);
  });

  it("name a pattern by its source and flags, a text by itself", () => {
    expect(pathMatches(/^\/x/gi).params).toEqual({ op: 'matches', value: '^\\/x', flags: 'gi' });
    expect(pathStartsWith('/x').params).toEqual({ op: 'startsWith', value: '/x' });
    expect(pathMatches(/^\/x/).explain?.(at('/y'))).toEqual({ subject: '/y', expected: '^\\/x' });
  });
});
