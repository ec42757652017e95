import { createColumnHelper } from '@tanstack/react-table';
import type { DataElementRow } from '../data/rows';
import { RuleLink } from '../layout/links';
import type { Features } from '../tables/features';

const helper = createColumnHelper<Features, DataElementRow>();

export function getDataElementColumns(env: string) {
  return helper.columns([
    helper.accessor('name', { header: 'Data element', sortFn: 'alphanumeric', meta: { width: '14rem' }, cell: (c) => <span title={c.row.original.description}>{c.getValue()}</span> }),
    helper.accessor('kind', { header: 'Kind', sortFn: 'alphanumeric', filterFn: 'arrHas', meta: { facet: true, label: 'Kind', width: '9rem' } }),
    helper.accessor('text', { header: 'Reads', sortFn: 'alphanumeric' }),
    helper.accessor('storage', { header: 'Storage', sortFn: 'alphanumeric', filterFn: 'arrHas', meta: { facet: true, label: 'Storage', width: '7rem' } }),
    helper.accessor('default', { header: 'Default', sortFn: 'alphanumeric', meta: { width: '8rem' } }),
    helper.accessor('readBy', {
      header: 'Read by',
      enableSorting: false,
      meta: { width: '16rem' },
      cell: (c) => (c.getValue().length ? c.getValue().map((id, i) => <span key={id}>{i > 0 && ', '}<RuleLink env={env} id={id} /></span>) : <span className="muted">no rule</span>),
    }),
    helper.accessor('file', { header: 'Source file', sortFn: 'alphanumeric', meta: { width: '14rem' }, cell: (c) => <code>{c.getValue()}</code> }),
  ]);
}
