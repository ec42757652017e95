import { createContext, useContext, type ReactNode } from 'react';
import { matchRanges, termAppliesTo, type SearchField, type SearchIndex, type SearchTerm } from '../data/search';

// Match highlighting: a table provides its parsed search; a cell marks where the terms that apply
// to its field occur. A term that matched only in a field the table does not show is quoted after
// the row's main text, so a row is never listed without a visible reason.

interface SearchContext {
  terms: readonly SearchTerm[];
  fields: readonly SearchField[];
}

const Context = createContext<SearchContext>({ terms: [], fields: [] });

export function SearchProvider({ terms, fields, children }: SearchContext & { children: ReactNode }) {
  return <Context.Provider value={{ terms, fields }}>{children}</Context.Provider>;
}

export function useSearchTerms(): SearchContext {
  return useContext(Context);
}

function highlight(text: string, terms: readonly string[]): ReactNode {
  const ranges = matchRanges(text, terms);
  if (ranges.length === 0) return text;
  const out: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) out.push(text.slice(at, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** `text` with the matches of the search terms that apply to `field` marked. */
export function Marked({ field, text }: { field: string; text: string }) {
  const { terms, fields } = useSearchTerms();
  const applying = terms.filter((t) => termAppliesTo(t, field, fields)).map((t) => t.text);
  return <>{applying.length ? highlight(text, applying) : text}</>;
}

/**
 * For fields the table does not show: `label: …matched text…` for each one a term matched in.
 * `texts` are the field's original (not lower-cased) texts.
 */
export function HiddenMatches({ index, hidden }: { index: SearchIndex; hidden: Record<string, readonly string[]> }) {
  const { terms, fields } = useSearchTerms();
  if (terms.length === 0) return null;
  const parts: ReactNode[] = [];
  for (const [key, texts] of Object.entries(hidden)) {
    const applying = terms.filter((t) => termAppliesTo(t, key, fields) && (index[key] ?? '').includes(t.text));
    if (applying.length === 0) continue;
    const words = applying.map((t) => t.text);
    const hits = texts.filter((s) => matchRanges(s, words).length > 0);
    const label = fields.find((f) => f.key === key)?.label ?? key;
    parts.push(
      <span key={key} className="hidden-match">
        {label}: {highlight(hits.join('; '), words)}
      </span>,
    );
  }
  return parts.length ? <span className="hidden-matches"> {parts}</span> : null;
}
