import { createColumnHelper } from '@tanstack/react-table';
import type { DataElementRow } from '../data/rows';
import { RuleLink } from '../layout/links';
import type { Features } from '../tables/features';

const helper = createColumnHelper<Features, DataElementRow>();
const SHOWN = 3;

const links = (env: string, ids: string[]) => ids.map((id, i) => <span key={id}>{i > 0 && ', '}<RuleLink env={env} id={id} /></span>);

/** A few readers inline; the rest one click away, so a widely read element keeps its row short. */
function RuleList({ env, ids }: { env: string; ids: string[] }) {
  if (ids.length === 0) return <span className="muted">no rule</span>;
  if (ids.length <= SHOWN + 1) return <>{links(env, ids)}</>;
  return (
    <details className="more">
      <summary>
        {links(env, ids.slice(0, SHOWN))} and {ids.length - SHOWN} more
      </summary>
      {links(env, ids.slice(SHOWN))}
    </details>
  );
}

export function getDataElementColumns(env: string) {
  return helper.columns([
    helper.accessor('name', { header: 'Data element', sortFn: 'alphanumeric', meta: { width: '15rem' }, cell: (c) => <span title={c.row.original.description}>{c.getValue()}</span> }),
    helper.accessor('kind', { header: 'Kind', sortFn: 'alphanumeric', filterFn: 'arrHas', meta: { facet: true, label: 'Kind', width: '9rem' } }),
    helper.accessor('text', { header: 'Reads', sortFn: 'alphanumeric' }),
    helper.accessor('storage', { header: 'Storage', sortFn: 'alphanumeric', filterFn: 'arrHas', meta: { facet: true, label: 'Storage', width: '7rem' } }),
    helper.accessor('default', { header: 'Default', sortFn: 'alphanumeric', meta: { width: '8rem' } }),
    helper.accessor('readBy', {
      header: 'Read by',
      enableSorting: false,
      meta: { width: '16rem' },
      cell: (c) => <RuleList env={env} ids={c.getValue()} />,
    }),
    helper.accessor('file', { header: 'Source file', sortFn: 'alphanumeric', meta: { width: '14rem' }, cell: (c) => <code>{c.getValue()}</code> }),
  ]);
}
