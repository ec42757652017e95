import { createColumnHelper } from '@tanstack/react-table';
import type { SchemaRow } from '../data/rows';
import { href } from '../layout/links';
import type { Features } from '../tables/features';
import { Marked } from '../tables/marked';

const helper = createColumnHelper<Features, SchemaRow>();

const fields = (list: string[]) =>
  list.length ? (
    <span className="fields">
      <Marked field="field" text={list.join(', ')} />
    </span>
  ) : (
    <span className="muted">none</span>
  );

export function getSchemaColumns(env: string, envs: string[]) {
  return helper.columns([
    helper.accessor('event', { header: 'Event', sortFn: 'alphanumeric', meta: { width: '14rem' }, cell: (c) => <a href={href(env, 'firing', c.getValue())}><Marked field="event" text={c.getValue()} /></a> }),
    helper.accessor('required', { header: 'Required fields', enableSorting: false, cell: (c) => fields(c.getValue()) }),
    helper.accessor('optional', { header: 'Optional fields', enableSorting: false, cell: (c) => fields(c.getValue()) }),
    helper.accessor('provider', { header: 'Provider', sortFn: 'alphanumeric', filterFn: 'arrHas', meta: { facet: true, label: 'Provider', width: '6.5rem' } }),
    helper.accessor('validatedIn', {
      header: 'Validated in',
      enableSorting: false,
      filterFn: 'arrIncludesSome',
      getUniqueValues: (r) => r.validatedIn,
      meta: { facet: true, label: 'Validated in', width: '15rem' },
      cell: (c) => (
        <span className="env-flags">
          {envs.map((e) => (
            <span key={e} className={c.getValue().includes(e) ? 'flag on' : 'flag off'} title={c.getValue().includes(e) ? `validated in ${e}` : `not validated in ${e}`}>
              {e}
            </span>
          ))}
        </span>
      ),
    }),
    helper.accessor('rules', { header: 'Rules', meta: { width: '4.5rem' } }),
    helper.accessor('file', { header: 'Source file', sortFn: 'alphanumeric', meta: { width: '14rem', hideBelow: 1200 }, cell: (c) => <code><Marked field="file" text={c.getValue()} /></code> }),
  ]);
}
