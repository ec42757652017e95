import { useId } from 'react';
import type { Searchable } from '../data/search';
import { FacetFilter } from './facet-filter';
import type { DataTableApi } from './use-data-table';

// Search box with its field picker, faceted filters and the row count above a table.

const plural = (n: number, noun: string) => (n === 1 ? noun.replace(/s$/, '') : noun);

export function TableToolbar<TData extends Searchable>({ api, noun, placeholder }: { api: DataTableApi<TData>; noun: string; placeholder?: string }) {
  const { table, search, setSearch, fields } = api;
  const hintId = useId();
  const shown = table.getRowModel().rows.length;
  const total = table.getCoreRowModel().rows.length;
  const facets = table.getAllLeafColumns().filter((c) => c.columnDef.meta?.facet);
  const filtered = table.state.columnFilters.length > 0 || search.text !== '' || search.scope !== null;
  const prefixes = fields.slice(0, 4).map((f) => `${f.key}:`);
  return (
    <div className="toolbar" role="search" aria-label={`Search and filter ${noun}`}>
      <label className="search">
        <span className="visually-hidden">Search {noun}</span>
        <input
          type="search"
          placeholder={placeholder ?? `Search ${noun}…`}
          value={search.text}
          aria-describedby={hintId}
          onChange={(e) => setSearch({ text: e.currentTarget.value })}
        />
      </label>
      <label className="search-scope">
        <span className="visually-hidden">Search in</span>
        <select value={search.scope ?? ''} onChange={(e) => setSearch({ scope: e.currentTarget.value })}>
          <option value="">all fields</option>
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <span id={hintId} className="visually-hidden">
        Prefix a word with a field to search only that field, for example {prefixes.join(' ')}
      </span>
      {facets.map((column) => (
        <FacetFilter key={column.id} column={column} />
      ))}
      {filtered && (
        <button
          type="button"
          className="link"
          onClick={() => {
            table.resetColumnFilters(true);
            setSearch({ text: '', scope: '' });
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
