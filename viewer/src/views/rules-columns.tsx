import { createColumnHelper, type Row } from '@tanstack/react-table';
import type { RuleRow } from '../data/rows';
import { EventLink, RuleLink } from '../layout/links';
import type { Features } from '../tables/features';
import { HiddenMatches, Marked } from '../tables/marked';

// The rules table's columns. Faceted columns filter on their values (any of the checked ones).

const helper = createColumnHelper<Features, RuleRow>();
const ALL_ENVS = 5;

const byJoined = (a: Row<Features, RuleRow>, b: Row<Features, RuleRow>, id: string) =>
  (a.getValue(id) as string[]).join(', ').localeCompare((b.getValue(id) as string[]).join(', '));

export function getRuleColumns(env: string) {
  return helper.columns([
    helper.accessor('id', {
      header: 'Rule',
      sortFn: 'text',
      meta: { width: '16rem' },
      cell: (c) => (
        <RuleLink env={env} id={c.getValue()}>
          <Marked field="id" text={c.getValue()} />
        </RuleLink>
      ),
    }),
    helper.accessor('description', {
      header: 'Description',
      sortFn: 'text',
      // What matched in a field the table does not show follows the description.
      cell: (c) => (
        <span title={c.getValue()}>
          <Marked field="description" text={c.getValue()} />
          <HiddenMatches index={c.row.original.search} hidden={{ does: c.row.original.does, reads: c.row.original.reads, kind: c.row.original.kinds }} />
        </span>
      ),
    }),
    helper.accessor('events', {
      header: 'Events',
      filterFn: 'arrIncludesSome',
      getUniqueValues: (r) => r.events,
      sortFn: byJoined,
      meta: { facet: true, label: 'Event', width: '13rem' },
      cell: (c) => (
        <span className="chips">
          {c.row.original.eventRefs.map((e) => (
            <EventLink key={e.key} env={env} eventKey={e.key} label={e.label}>
              <Marked field="event" text={e.label} />
            </EventLink>
          ))}
        </span>
      ),
    }),
    helper.accessor('order', {
      header: 'Order',
      // The runtime's order: `order`, ties by id, which is the rule's global position.
      sortFn: (a, b) => a.original.position - b.original.position,
      meta: { width: '5.5rem' },
    }),
    helper.accessor('consent', {
      header: 'Consent',
      filterFn: 'arrHas',
      sortFn: 'text',
      meta: { facet: true, label: 'Category', width: '7.5rem' },
    }),
    helper.accessor('environments', {
      header: 'Environments',
      filterFn: 'arrIncludesSome',
      getUniqueValues: (r) => r.environments,
      enableSorting: false,
      meta: { facet: true, label: 'Environment', width: '10rem', hideBelow: 1100 },
      cell: (c) => (c.getValue().length === ALL_ENVS ? <span title={c.getValue().join(', ')}>all {ALL_ENVS}</span> : c.getValue().join(', ')),
    }),
    helper.accessor('kinds', {
      header: 'Kinds',
      filterFn: 'arrIncludesSome',
      getUniqueValues: (r) => r.kinds,
      enableSorting: false,
      meta: { facet: true, label: 'Kind' },
    }),
    helper.accessor('file', {
      header: 'Source file',
      sortFn: 'text',
      meta: { width: '17rem', hideBelow: 1200 },
      cell: (c) => (
        <code title={c.getValue()}>
          <Marked field="file" text={c.getValue()} />
        </code>
      ),
    }),
  ]);
}
