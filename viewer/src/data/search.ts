// Field-scoped search, shared by every table: `advisor` searches a table's default fields,
// `id:cta`, `event:"CTA Clicked"` or `reads:pageName` one field; several terms must all match.
// Rows carry their text per field, lower-cased once (`searchIndex`), so a keystroke is a few
// substring tests per row.

export interface SearchField {
  /** The prefix analysts type (`id:`) and the key in a row's index. */
  key: string;
  label: string;
  /** Searched by a term without a prefix. */
  byDefault: boolean;
  /** Other prefixes for the same field (`events:` for `event:`). */
  aliases?: readonly string[];
}

/** Lower-cased text per field key; `*` holds the default fields together. */
export type SearchIndex = Readonly<Record<string, string>>;

export interface Searchable {
  search: SearchIndex;
}

export interface SearchTerm {
  /** A field key, or null for the default fields (or the picked scope). */
  field: string | null;
  /** Lower-cased. */
  text: string;
}

/** A table's search as the URL holds it: the typed text and the field picked for unprefixed terms. */
export interface SearchQuery {
  text: string;
  scope: string | null;
  fields: readonly SearchField[];
}

export const DEFAULT_KEY = '*';

/** Builds a row's index from its values per field (lists are joined). */
export function searchIndex(fields: readonly SearchField[], values: Readonly<Record<string, string | readonly string[]>>): SearchIndex {
  const index: Record<string, string> = {};
  const defaults: string[] = [];
  for (const f of fields) {
    const v = values[f.key];
    const text = (typeof v === 'string' ? v : (v ?? []).join('\n')).toLowerCase();
    index[f.key] = text;
    if (f.byDefault) defaults.push(text);
  }
  index[DEFAULT_KEY] = defaults.join('\n');
  return index;
}

/**
 * `row` with its `search` index built on first use: a view shows thousands of rows before anyone
 * types, and a 5,000-rule graph should not pay for lower-casing every text up front.
 */
export function withSearch<T extends object>(row: T, fields: readonly SearchField[], values: () => Readonly<Record<string, string | readonly string[]>>): T & Searchable {
  let index: SearchIndex | undefined;
  return Object.defineProperty(row, 'search', { enumerable: true, get: () => (index ??= searchIndex(fields, values())) }) as T & Searchable;
}

const TOKEN = /([\w.-]+):(?:"([^"]*)"?|(\S*))|"([^"]*)"?|(\S+)/g;

function fieldKey(name: string, fields: readonly SearchField[]): string | null {
  const n = name.toLowerCase();
  return fields.find((f) => f.key === n || f.aliases?.includes(n))?.key ?? null;
}

/** Terms of a query; an unknown prefix (`https:`) is plain text, an empty value (`id:`) no term yet. */
export function parseSearch(query: Pick<SearchQuery, 'text' | 'scope' | 'fields'>): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const scope = query.scope ? fieldKey(query.scope, query.fields) : null;
  for (const m of query.text.matchAll(TOKEN)) {
    const [whole, prefix, quotedValue, value, quoted, plain] = m;
    if (prefix !== undefined) {
      const key = fieldKey(prefix, query.fields);
      const text = (quotedValue ?? value ?? '').trim().toLowerCase();
      if (key) {
        if (text) terms.push({ field: key, text });
        continue;
      }
      terms.push({ field: scope, text: whole.replace(/"/g, '').toLowerCase() });
      continue;
    }
    const text = (quoted ?? plain ?? '').trim().toLowerCase();
    if (text) terms.push({ field: scope, text });
  }
  return terms;
}

export function termMatches(index: SearchIndex, term: SearchTerm): boolean {
  return (index[term.field ?? DEFAULT_KEY] ?? '').includes(term.text);
}

export function matchesAll(index: SearchIndex, terms: readonly SearchTerm[]): boolean {
  for (const t of terms) if (!termMatches(index, t)) return false;
  return true;
}

/** Whether a term applies to a field's text (for highlighting). */
export function termAppliesTo(term: SearchTerm, field: string, fields: readonly SearchField[]): boolean {
  return term.field === null ? fields.some((f) => f.key === field && f.byDefault) : term.field === field;
}

/** [start, end) ranges of the terms in `text`, merged and sorted. */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const t of terms) {
    if (!t) continue;
    for (let i = lower.indexOf(t); i !== -1; i = lower.indexOf(t, i + t.length)) ranges.push([i, i + t.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
