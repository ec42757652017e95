import { describe, expect, it } from 'vitest';
import { matchesAll, matchRanges, parseSearch, searchIndex, type SearchField } from '../../viewer/src/data/search';

const FIELDS: SearchField[] = [
  { key: 'id', label: 'rule id', byDefault: true },
  { key: 'event', label: 'event', byDefault: true, aliases: ['events'] },
  { key: 'consent', label: 'consent category', byDefault: false },
];
const parse = (text: string, scope: string | null = null) => parseSearch({ text, scope, fields: FIELDS });

describe('the search syntax', () => {
  it('reads plain words as terms over the default fields, lower-cased', () => {
    expect(parse('Page  VIEW')).toEqual([
      { field: null, text: 'page' },
      { field: null, text: 'view' },
    ]);
  });

  it('scopes a term to a field by its prefix or an alias, with quotes for spaces', () => {
    expect(parse('id:cta events:"CTA Clicked" consent:analytics')).toEqual([
      { field: 'id', text: 'cta' },
      { field: 'event', text: 'cta clicked' },
      { field: 'consent', text: 'analytics' },
    ]);
  });

  it('keeps an unknown prefix as plain text and ignores a prefix still being typed', () => {
    expect(parse('https://www.firm.example id:')).toEqual([{ field: null, text: 'https://www.firm.example' }]);
  });

  it('applies a picked field to the terms without a prefix', () => {
    expect(parse('pagename id:x', 'event')).toEqual([
      { field: 'event', text: 'pagename' },
      { field: 'id', text: 'x' },
    ]);
  });
});

describe('matching', () => {
  const index = searchIndex(FIELDS, { id: 'analytics-page-view', event: ['Page Load Completed'], consent: 'analytics' });

  it('needs every term to match, each in its own field', () => {
    expect(matchesAll(index, parse('page completed'))).toBe(true);
    expect(matchesAll(index, parse('page logout'))).toBe(false);
    expect(matchesAll(index, parse('event:completed'))).toBe(true);
    expect(matchesAll(index, parse('id:completed'))).toBe(false);
  });

  it('does not search a field left out of the defaults unless asked', () => {
    expect(matchesAll(searchIndex(FIELDS, { id: 'x', event: [], consent: 'analytics' }), parse('analytics'))).toBe(false);
    expect(matchesAll(index, parse('consent:analytics'))).toBe(true);
  });

  it('finds every occurrence of every term, merged where they overlap', () => {
    expect(matchRanges('eVar22 = pageName, eVar2', ['evar2', 'var22'])).toEqual([
      [0, 6],
      [19, 24],
    ]);
  });
});
