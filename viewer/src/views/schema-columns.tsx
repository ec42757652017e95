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

/** `unknown`: environments whose graph is not (yet) loaded, shown neither validated nor not. */
export function getSchemaColumns(env: string, envs: string[], unknown: string[]) {
  return helper.columns([
    helper.accessor('event', { header: 'Event', sortFn: 'text', meta: { width: '14rem' }, cell: (c) => <a href={href(env, 'firing', c.getValue())}><Marked field="event" text={c.getValue()} /></a> }),
    helper.accessor('required', { header: 'Required fields', enableSorting: false, cell: (c) => fields(c.getValue()) }),
    helper.accessor('optional', { header: 'Optional fields', enableSorting: false, cell: (c) => fields(c.getValue()) }),
    helper.accessor('provider', { header: 'Provider', sortFn: 'text', filterFn: 'arrHas', meta: { facet: true, label: 'Provider', width: '6.5rem' } }),
    helper.accessor('validatedIn', {
      header: 'Validated in',
      enableSorting: false,
      filterFn: 'arrIncludesSome',
      getUniqueValues: (r) => r.validatedIn,
      meta: { facet: true, label: 'Validated in', width: '15rem' },
      cell: (c) => (
        <span className="env-flags">
          {envs.map((e) => {
            const state = c.getValue().includes(e) ? 'on' : unknown.includes(e) ? 'unknown' : 'off';
            const title = { on: `validated in ${e}`, off: `not validated in ${e}`, unknown: `not known for ${e} (its graph is not loaded)` }[state];
            return (
              <span key={e} className={`flag ${state}`} title={title}>
                {e}
                {state === 'unknown' && '?'}
                <span className="visually-hidden">: {title}</span>
              </span>
            );
          })}
        </span>
      ),
    }),
    helper.accessor('rules', { header: 'Rules', meta: { width: '4.5rem' } }),
    helper.accessor('file', { header: 'Source file', sortFn: 'text', meta: { width: '14rem', hideBelow: 1200 }, cell: (c) => <code><Marked field="file" text={c.getValue()} /></code> }),
  ]);
}
