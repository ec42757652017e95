import type { Column } from '@tanstack/react-table';
import { useEffect, useId, useRef, useState } from 'react';
import type { Searchable } from '../data/search';
import type { Features } from './features';

// A faceted filter: the column's values with how many rows (under the other filters) have each;
// checking several keeps rows having any of them. A dropdown closes like a menu: Escape (focus
// back on its button) or a click elsewhere. Counts are computed only while it is open.

function useDismiss(ref: React.RefObject<HTMLElement | null>, open: boolean, close: (refocus: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent | FocusEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    // Tabbing out of it closes it too.
    document.addEventListener('focusin', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onPointer);
    };
  }, [open]);
}

function FacetValues<TData extends Searchable>({ column, label, selected, toggle }: { column: Column<Features, TData, unknown>; label: string; selected: Set<string>; toggle(value: string, on: boolean): void }) {
  const id = useId();
  const counts = column.getFacetedUniqueValues();
  const values = [...new Set([...counts.keys(), ...selected].map(String))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return (
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
  );
}

export function FacetFilter<TData extends Searchable>({ column }: { column: Column<Features, TData, unknown> }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  const label = column.columnDef.meta?.label ?? column.id;
  const selected = new Set(((column.getFilterValue() as string[] | undefined) ?? []).map(String));
  useDismiss(ref, open, (refocus) => {
    setOpen(false);
    if (refocus) ref.current?.querySelector('summary')?.focus();
  });
  const toggle = (value: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    column.setFilterValue(next.size ? [...next] : undefined);
  };
  return (
    <details ref={ref} className="facet" data-facet={column.id} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {label}
        {selected.size > 0 && <span className="badge">{selected.size}</span>}
      </summary>
      {open && <FacetValues column={column} label={label} selected={selected} toggle={toggle} />}
    </details>
  );
}
