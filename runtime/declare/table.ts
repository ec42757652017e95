import type { ViewTable } from './types';

/** Declares a table the viewer shows; export it from any declaration module (or rules/lib). */
/* @__NO_SIDE_EFFECTS__ */
export function viewTable<Row extends Record<string, unknown>>(table: Omit<ViewTable<Row>, '__tagc'>): ViewTable<Row> {
  return { __tagc: 'table', ...table };
}
