import type { Searchable } from '../data/rows';
import { FacetFilter } from './facet-filter';
import type { DataTableInstance } from './use-data-table';

// Search box, faceted filters and the row count above a table.

const plural = (n: number, noun: string) => (n === 1 ? noun.replace(/s$/, '') : noun);

export function TableToolbar<TData extends Searchable>({ table, noun, placeholder }: { table: DataTableInstance<TData>; noun: string; placeholder?: string }) {
  const shown = table.getRowModel().rows.length;
  const total = table.getCoreRowModel().rows.length;
  const facets = table.getAllLeafColumns().filter((c) => c.columnDef.meta?.facet);
  const filtered = table.state.columnFilters.length > 0 || table.state.globalFilter !== '';
  return (
    <div className="toolbar" role="search">
      <label className="search">
        <span className="visually-hidden">Search {noun}</span>
        <input
          type="search"
          placeholder={placeholder ?? `Search ${noun}…`}
          value={String(table.state.globalFilter ?? '')}
          onChange={(e) => table.setGlobalFilter(e.currentTarget.value)}
        />
      </label>
      {facets.map((column) => (
        <FacetFilter key={column.id} column={column} />
      ))}
      {filtered && (
        <button
          type="button"
          className="link"
          onClick={() => {
            table.resetColumnFilters(true);
            table.setGlobalFilter('');
          }}
        >
          Reset
        </button>
      )}
      <output className="count" aria-live="polite" data-rows-shown={shown} data-rows-total={total}>
        {shown === total ? `${total} ${plural(total, noun)}` : `${shown} of ${total} ${plural(total, noun)}`}
      </output>
    </div>
  );
}
