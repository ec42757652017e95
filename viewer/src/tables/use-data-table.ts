import {
  functionalUpdate,
  useTable,
  type ColumnFiltersState,
  type SortingState,
  type TableOptions,
  type Updater,
  type ColumnVisibilityState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { SearchField, Searchable, SearchQuery } from '../data/search';
import { features, type Features } from './features';
import { useViewportWidth } from './use-viewport-width';

// One hook owns a table's state, and that state lives in the URL query: `q` is the search (with
// `in` the field picked for unprefixed terms), `sort` the sort (`order`, `-order` for
// descending), and each faceted column's id holds its selected values
// (`?events=CTA%20Clicked&events=Logout`). A view with several tables gives each a `prefix`
// (`t1.q`, `t1.sort`) so they keep their own state. A pasted link reopens the view as it was.

export type Columns<TData extends Searchable> = TableOptions<Features, TData>['columns'];

export interface DataTableOptions<TData extends Searchable> {
  data: TData[];
  columns: Columns<TData>;
  query: URLSearchParams;
  updateQuery(change: (query: URLSearchParams) => void): void;
  /** Used when the URL has no `sort`. */
  defaultSort?: SortingState;
  hidden?: string[];
  getRowId?: (row: TData) => string;
  /** The fields the search can be scoped to (`id:`), in the order the field picker lists them. */
  fields: readonly SearchField[];
  /** Namespace of this table's query keys when a view has several tables. */
  prefix?: string;
}


function columnIds<TData extends Searchable>(columns: Columns<TData>): { ids: string[]; facets: string[]; narrow: [string, number][] } {
  const ids: string[] = [];
  const facets: string[] = [];
  const narrow: [string, number][] = [];
  for (const def of columns) {
    const id = def.id ?? ('accessorKey' in def && typeof def.accessorKey === 'string' ? def.accessorKey : undefined);
    if (!id) continue;
    ids.push(id);
    if (def.meta?.facet) facets.push(id);
    if (def.meta?.hideBelow) narrow.push([id, def.meta.hideBelow]);
  }
  return { ids, facets, narrow };
}

export function parseSort(value: string | null): SortingState | null {
  if (!value) return null;
  return value
    .split(',')
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { id: s.slice(1), desc: true } : { id: s, desc: false }));
}

export const formatSort = (sorting: SortingState): string => sorting.map((s) => `${s.desc ? '-' : ''}${s.id}`).join(',');

export function useDataTable<TData extends Searchable>(options: DataTableOptions<TData>) {
  const { data, columns, query, updateQuery, defaultSort = [], hidden = [], getRowId, fields, prefix = '' } = options;
  const { ids, facets, narrow } = useMemo(() => columnIds(columns), [columns]);
  const width = useViewportWidth();
  const key = (name: string) => `${prefix}${name}`;
  const queryString = query.toString();
  const stateOf = (q: URLSearchParams) => {
    const sorting = (parseSort(q.get(key('sort'))) ?? defaultSort).filter((s) => ids.includes(s.id));
    const columnFilters: ColumnFiltersState = facets.flatMap((id) => {
      const values = q.getAll(key(id));
      return values.length ? [{ id, value: values }] : [];
    });
    const columnVisibility: ColumnVisibilityState = Object.fromEntries([
      ...hidden.map((id) => [id, false]),
      ...narrow.filter(([, below]) => width < below).map(([id]) => [id, false]),
    ]);
    const text = q.get(key('q')) ?? '';
    const search: SearchQuery = { text, scope: q.get(key('in')), fields };
    const globalFilter: SearchQuery | string = text.trim() ? search : '';
    return { sorting, globalFilter, search, columnFilters, columnVisibility };
  };
  // defaultSort, hidden, fields and prefix are constants of the view; only crossing a column's
  // width threshold re-renders on resize.
  const hiddenBelow = narrow.map(([, below]) => width < below).join();
  const state = useMemo(() => stateOf(new URLSearchParams(queryString)), [queryString, ids, facets, hiddenBelow]);
  // Updaters apply to the URL as it is when they run, not as it was at render.
  const write = (change: (q: URLSearchParams, previous: ReturnType<typeof stateOf>) => void) => updateQuery((q) => change(q, stateOf(q)));

  const table = useTable({
    features,
    columns,
    data,
    getRowId,
    state: { sorting: state.sorting, globalFilter: state.globalFilter, columnFilters: state.columnFilters, columnVisibility: state.columnVisibility },
    globalFilterFn: 'searchText',
    // The search reads the whole row (`row.original.search`): test it once per row.
    getColumnCanGlobalFilter: (column) => column.id === ids[0],
    enableSortingRemoval: false,
    onSortingChange: (updater: Updater<SortingState>) =>
      write((q, previous) => {
        const next = functionalUpdate(updater, previous.sorting);
        if (next.length) q.set(key('sort'), formatSort(next));
        else q.delete(key('sort'));
      }),
    // The toolbar sets the search through `setSearch` below; this only clears it (reset).
    onGlobalFilterChange: (updater: Updater<SearchQuery | string>) =>
      write((q, previous) => {
        const next = functionalUpdate(updater, previous.globalFilter);
        const text = typeof next === 'string' ? next : next.text;
        if (text) q.set(key('q'), text);
        else q.delete(key('q'));
      }),
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) =>
      write((q, previous) => {
        const next = functionalUpdate(updater, previous.columnFilters);
        for (const id of facets) q.delete(key(id));
        for (const f of next) for (const v of Array.isArray(f.value) ? f.value : [f.value]) q.append(key(f.id), String(v));
      }),
  });
  const setSearch = (change: Partial<Pick<SearchQuery, 'text' | 'scope'>>) =>
    write((q) => {
      for (const [name, value] of [
        ['q', change.text],
        ['in', change.scope],
      ] as const) {
        if (value === undefined) continue;
        if (value) q.set(key(name), value);
        else q.delete(key(name));
      }
    });
  return { table, search: state.search, setSearch, fields };
}

export type DataTableApi<TData extends Searchable> = ReturnType<typeof useDataTable<TData>>;
export type DataTableInstance<TData extends Searchable> = DataTableApi<TData>['table'];
