import type { Header } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Searchable } from '../data/rows';
import type { Features } from './features';

// A column header: <th scope="col"> with aria-sort, and a button when the column sorts.

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

export function TableHead<TData extends Searchable>({ header, children }: { header: Header<Features, TData, unknown>; children: ReactNode }) {
  const column = header.column;
  const sorted = column.getIsSorted();
  const width = column.columnDef.meta?.width;
  return (
    <th scope="col" style={width ? { width } : undefined} aria-sort={sorted ? ariaSort[sorted] : column.getCanSort() ? 'none' : undefined}>
      {column.getCanSort() ? (
        <button type="button" className="sort" onClick={column.getToggleSortingHandler()}>
          {children}
          <span aria-hidden="true" className="sort-mark">
            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      ) : (
        children
      )}
    </th>
  );
}
