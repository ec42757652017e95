import { createColumnHelper } from '@tanstack/react-table';
import type { DeclaredTable, MappingRow } from '../data/mapping';
import { DataElementLink, RuleLink } from '../layout/links';
import type { Features } from '../tables/features';

const helper = createColumnHelper<Features, MappingRow>();

export function getMappingColumns(env: string) {
  return helper.columns([
    helper.accessor('variable', { header: 'Variable / event', sortFn: 'alphanumeric', meta: { width: '11.5rem' } }),
    helper.accessor('value', {
      header: 'Fed by',
      sortFn: 'alphanumeric',
      meta: { width: '14rem' },
      cell: (c) => (c.row.original.dataElement ? <DataElementLink env={env} name={c.row.original.dataElement} /> : c.getValue()),
    }),
    helper.accessor('events', { header: 'On', enableSorting: false, filterFn: 'arrIncludesSome', getUniqueValues: (r) => r.events, meta: { facet: true, label: 'Event', width: '12rem' }, cell: (c) => c.getValue().join(', ') }),
    helper.accessor('rule', { header: 'Rule', sortFn: 'alphanumeric', meta: { width: '14rem' }, cell: (c) => <RuleLink env={env} id={c.getValue()} /> }),
    helper.accessor('action', { header: 'Action', enableSorting: false }),
  ]);
}

type DeclaredRow = DeclaredTable['rows'][number];
const declared = createColumnHelper<Features, DeclaredRow>();

export function getDeclaredColumns(columns: string[]) {
  return declared.columns(columns.map((name) => declared.accessor((r) => r.cells[name] ?? '', { id: name, header: name, sortFn: 'alphanumeric' })));
}
