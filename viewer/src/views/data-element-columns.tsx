import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import type { DataElementRow } from '../data/rows';
import { RuleLink } from '../layout/links';
import type { Features } from '../tables/features';
import { Marked } from '../tables/marked';

const helper = createColumnHelper<Features, DataElementRow>();
const SHOWN = 3;

const links = (env: string, ids: string[]) =>
  ids.map((id, i) => (
    <span key={id}>
      {i > 0 && ', '}
      <RuleLink env={env} id={id}>
        <Marked field="readby" text={id} />
      </RuleLink>
    </span>
  ));

/**
 * A few readers inline; the rest one click away (and only then in the DOM: an element read by
 * thousands of rules keeps its row short and cheap). The links stay outside the <summary> (a
 * control inside a control is unusable by keyboard).
 */
function RuleList({ env, ids }: { env: string; ids: string[] }) {
  const [open, setOpen] = useState(false);
  if (ids.length === 0) return <span className="muted">no rule</span>;
  if (ids.length <= SHOWN + 1) return <>{links(env, ids)}</>;
  return (
    <>
      {links(env, ids.slice(0, SHOWN))}
      <details className="more" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>and {ids.length - SHOWN} more</summary>
        {open && links(env, ids.slice(SHOWN))}
      </details>
    </>
  );
}

export function getDataElementColumns(env: string) {
  return helper.columns([
    helper.accessor('name', { header: 'Data element', sortFn: 'text', meta: { width: '15rem' }, cell: (c) => <span title={c.row.original.description}><Marked field="name" text={c.getValue()} /></span> }),
    helper.accessor('kind', { header: 'Kind', sortFn: 'text', filterFn: 'arrHas', meta: { facet: true, label: 'Kind', width: '9rem' } }),
    helper.accessor('text', { header: 'Reads', sortFn: 'text', cell: (c) => <Marked field="reads" text={c.getValue()} /> }),
    helper.accessor('storage', { header: 'Storage', sortFn: 'text', filterFn: 'arrHas', meta: { facet: true, label: 'Storage', width: '7rem' } }),
    helper.accessor('default', { header: 'Default', sortFn: 'text', meta: { width: '8rem' } }),
    helper.accessor('readBy', {
      header: 'Read by',
      enableSorting: false,
      meta: { width: '16rem' },
      cell: (c) => <RuleList env={env} ids={c.getValue()} />,
    }),
    helper.accessor('file', { header: 'Source file', sortFn: 'text', meta: { width: '14rem', hideBelow: 1200 }, cell: (c) => <code><Marked field="file" text={c.getValue()} /></code> }),
  ]);
}
