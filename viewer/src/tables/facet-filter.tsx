import type { Column } from '@tanstack/react-table';
import { useId } from 'react';
import type { Searchable } from '../data/rows';
import type { Features } from './features';

// A faceted filter: the column's values with how many rows (under the other filters) have each;
// checking several keeps rows having any of them.

export function FacetFilter<TData extends Searchable>({ column }: { column: Column<Features, TData, unknown> }) {
  const id = useId();
  const label = column.columnDef.meta?.label ?? column.id;
  const selected = new Set(((column.getFilterValue() as string[] | undefined) ?? []).map(String));
  const counts = column.getFacetedUniqueValues();
  const values = [...new Set([...counts.keys(), ...selected].map(String))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const toggle = (value: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    column.setFilterValue(next.size ? [...next] : undefined);
  };
  return (
    <details className="facet" data-facet={column.id}>
      <summary>
        {label}
        {selected.size > 0 && <span className="badge">{selected.size}</span>}
      </summary>
      <fieldset>
        <legend className="visually-hidden">Filter by {label}</legend>
        {values.length === 0 && <p className="muted">No values.</p>}
        {values.map((value, i) => (
          <label key={value} htmlFor={`${id}-${i}`}>
            <input id={`${id}-${i}`} type="checkbox" checked={selected.has(value)} onChange={(e) => toggle(value, e.currentTarget.checked)} />
            <span className="facet-value">{value}</span>
            <span className="count">{counts.get(value) ?? 0}</span>
          </label>
        ))}
        {selected.size > 0 && (
          <button type="button" className="link" onClick={() => column.setFilterValue(undefined)}>
            Clear {label.toLowerCase()} filter
          </button>
        )}
      </fieldset>
    </details>
  );
}
