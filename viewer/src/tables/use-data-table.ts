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
import type { Searchable } from '../data/rows';
import { features, type Features } from './features';

// One hook owns a table's state, and that state lives in the URL query: `q` is the global
// search, `sort` the sort (`order`, `-order` for descending), and each faceted column's id holds
// its selected values (`?events=CTA%20Clicked&events=Logout`). A pasted link reopens the view as
// it was.

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
}


function columnIds<TData extends Searchable>(columns: Columns<TData>): { ids: string[]; facets: string[] } {
  const ids: string[] = [];
  const facets: string[] = [];
  for (const def of columns) {
    const id = def.id ?? ('accessorKey' in def && typeof def.accessorKey === 'string' ? def.accessorKey : undefined);
    if (!id) continue;
    ids.push(id);
    if (def.meta?.facet) facets.push(id);
  }
  return { ids, facets };
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
  const { data, columns, query, updateQuery, defaultSort = [], hidden = [], getRowId } = options;
  const { ids, facets } = useMemo(() => columnIds(columns), [columns]);
  const queryString = query.toString();
  const stateOf = (q: URLSearchParams) => {
    const sorting = (parseSort(q.get('sort')) ?? defaultSort).filter((s) => ids.includes(s.id));
    const columnFilters: ColumnFiltersState = facets.flatMap((id) => {
      const values = q.getAll(id);
      return values.length ? [{ id, value: values }] : [];
    });
    const columnVisibility: ColumnVisibilityState = Object.fromEntries(hidden.map((id) => [id, false]));
    return { sorting, globalFilter: q.get('q') ?? '', columnFilters, columnVisibility };
  };
  // defaultSort and hidden are constants of the view.
  const state = useMemo(() => stateOf(new URLSearchParams(queryString)), [queryString, ids, facets]);
  // Updaters apply to the URL as it is when they run, not as it was at render.
  const write = (change: (q: URLSearchParams, previous: ReturnType<typeof stateOf>) => void) => updateQuery((q) => change(q, stateOf(q)));

  const table = useTable({
    features,
    columns,
    data,
    getRowId,
    state,
    globalFilterFn: 'searchText',
    // The search reads the whole row (`row.original.search`): test it once per row.
    getColumnCanGlobalFilter: (column) => column.id === ids[0],
    enableSortingRemoval: false,
    onSortingChange: (updater: Updater<SortingState>) =>
      write((q, previous) => {
        const next = functionalUpdate(updater, previous.sorting);
        if (next.length) q.set('sort', formatSort(next));
        else q.delete('sort');
      }),
    onGlobalFilterChange: (updater: Updater<string>) =>
      write((q, previous) => {
        const next = String(functionalUpdate(updater, previous.globalFilter) ?? '');
        if (next) q.set('q', next);
        else q.delete('q');
      }),
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) =>
      write((q, previous) => {
        const next = functionalUpdate(updater, previous.columnFilters);
        for (const id of facets) q.delete(id);
        for (const f of next) for (const v of Array.isArray(f.value) ? f.value : [f.value]) q.append(f.id, String(v));
      }),
  });
  return table;
}

export type DataTableInstance<TData extends Searchable> = ReturnType<typeof useDataTable<TData>>;
