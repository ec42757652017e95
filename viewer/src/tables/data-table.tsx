import type { Row } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { parseSearch, type Searchable } from '../data/search';
import type { Features } from './features';
import { SearchProvider } from './marked';
import { TableHead } from './table-head';
import type { DataTableApi } from './use-data-table';

// A real <table> (caption, <th scope>, aria-sort). With `virtual`, only the rows in view are in
// the DOM; spacer rows keep the scroll height, so native table layout and semantics stay.

const NO_LAYOUT = { width: 1280, height: 800 };

interface DataTableProps<TData extends Searchable> {
  api: DataTableApi<TData>;
  caption: string;
  virtual?: boolean;
  /** Fixed row height in px when virtual (rows are one line). */
  rowHeight?: number;
  empty?: string;
}

export function DataTable<TData extends Searchable>({ api, caption, virtual = false, rowHeight = 34, empty = 'Nothing matches.' }: DataTableProps<TData>) {
  const { table, search } = api;
  const terms = useMemo(() => parseSearch(search), [search]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns().length;
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    getItemKey: (i) => rows[i]?.id ?? i,
    // Before the first measurement, and where there is no layout (a DOM without CSS, a
    // collapsed parent), assume a desktop viewport rather than showing no rows at all.
    initialRect: NO_LAYOUT,
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : NO_LAYOUT)),
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const visible: [Row<Features, TData>, number][] = items ? items.filter((i) => rows[i.index]).map((i) => [rows[i.index]!, i.index]) : rows.map((r, i) => [r, i]);
  const padTop = items?.length ? items[0]!.start : 0;
  const padBottom = items?.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <SearchProvider terms={terms} fields={search.fields}>
      <div ref={scrollRef} className={virtual ? 'table-scroll virtual' : 'table-scroll'} tabIndex={0} role="region" aria-label={`${caption}: table`}>
        <table className="data-table" aria-rowcount={rows.length + 1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <TableHead key={header.id} header={header}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </TableHead>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columns} style={{ height: padTop }} />
              </tr>
            )}
            {visible.map(([row, index]) => (
              <tr key={row.id} aria-rowindex={index + 2} style={virtual ? { height: rowHeight } : undefined}>
                {row.getVisibleCells().map((cell, i) =>
                  i === 0 ? (
                    <th key={cell.id} scope="row">
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
            {padBottom > 0 && (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columns} style={{ height: padBottom }} />
              </tr>
            )}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns} className="empty">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </SearchProvider>
  );
}
