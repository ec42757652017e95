import { createColumnHelper } from '@tanstack/react-table';
import { fieldKeyOf, type DeclaredTable, type MappingRow } from '../data/mapping';
import { DataElementLink, RuleLink } from '../layout/links';
import type { Features } from '../tables/features';
import { Marked } from '../tables/marked';

const helper = createColumnHelper<Features, MappingRow>();

export function getMappingColumns(env: string) {
  return helper.columns([
    helper.accessor('variable', { header: 'Variable / event', sortFn: 'text', meta: { width: '11.5rem' }, cell: (c) => <Marked field="variable" text={c.getValue()} /> }),
    helper.accessor('value', {
      header: 'Fed by',
      sortFn: 'text',
      meta: { width: '14rem' },
      cell: (c) => {
        const de = c.row.original.dataElement;
        return de ? (
          <DataElementLink env={env} name={de}>
            <Marked field="fed" text={de} />
          </DataElementLink>
        ) : (
          <Marked field="fed" text={c.getValue()} />
        );
      },
    }),
    helper.accessor('events', {
      header: 'On',
      enableSorting: false,
      filterFn: 'arrIncludesSome',
      getUniqueValues: (r) => r.events,
      meta: { facet: true, label: 'Event', width: '12rem' },
      cell: (c) => <Marked field="event" text={c.getValue().join(', ')} />,
    }),
    helper.accessor('rule', {
      header: 'Rule',
      sortFn: 'text',
      meta: { width: '16rem' },
      cell: (c) => (
        <RuleLink env={env} id={c.getValue()}>
          <Marked field="rule" text={c.getValue()} />
        </RuleLink>
      ),
    }),
    helper.accessor('action', { header: 'Action', enableSorting: false, meta: { hideBelow: 1100 }, cell: (c) => <span title={c.getValue()}><Marked field="action" text={c.getValue()} /></span> }),
  ]);
}

type DeclaredRow = DeclaredTable['rows'][number];
const declared = createColumnHelper<Features, DeclaredRow>();

export function getDeclaredColumns(columns: string[]) {
  return declared.columns(
    columns.map((name) =>
      declared.accessor((r) => r.cells[name] ?? '', {
        id: name,
        header: name,
        sortFn: 'text',
        cell: (c) => (
          <span title={c.getValue()}>
            <Marked field={fieldKeyOf(name)} text={c.getValue()} />
          </span>
        ),
      }),
    ),
  );
}
