import { useMemo } from 'react';
import { declaredTables, MAPPING_FIELDS, mappingRows, type DeclaredTable } from '../data/mapping';
import { formatRoute } from '../routing/route';
import { DataTable } from '../tables/data-table';
import { TableToolbar } from '../tables/table-toolbar';
import { useDataTable } from '../tables/use-data-table';
import { getDeclaredColumns, getMappingColumns } from './mapping-columns';
import type { ViewProps } from './view-props';

// Which analytics variable and event number each data element and event feeds: the tables the
// container declares (viewTable), and what the rules' analytics actions actually set. One table
// at a time (`?table=t1`), each with its own search, filters and sort (`t1.q`, `sent.sort`), and
// one scroll area: the table's.

const SENT = 'sent';
const VAR_SORT = [{ id: 'variable', desc: false }];

function Declared({ table: t, route, updateQuery }: { table: DeclaredTable } & Pick<ViewProps, 'route' | 'updateQuery'>) {
  const columns = useMemo(() => getDeclaredColumns(t.columns), [t]);
  const api = useDataTable({ data: t.rows, columns, query: route.query, updateQuery, fields: t.fields, prefix: `${t.key}.` });
  return (
    <>
      <p className="muted small">
        {t.description} <code>{t.file}</code>
      </p>
      <TableToolbar api={api} noun="rows" />
      <DataTable api={api} caption={t.name} virtual={t.rows.length > 100} />
    </>
  );
}

function Sent({ env, graph, route, updateQuery }: Pick<ViewProps, 'env' | 'graph' | 'route' | 'updateQuery'>) {
  const data = useMemo(() => mappingRows(graph), [graph]);
  const columns = useMemo(() => getMappingColumns(env), [env]);
  const api = useDataTable({ data, columns, query: route.query, updateQuery, defaultSort: VAR_SORT, fields: MAPPING_FIELDS, prefix: `${SENT}.` });
  return (
    <>
      <p className="muted small">Every variable an analytics action sets, and every event number it names, from the compiled rules of {env}.</p>
      <TableToolbar api={api} noun="mappings" placeholder="Search: eVar22, pageName, rule:cta, action:…" />
      <DataTable api={api} caption={`Analytics variables set by rules in ${env}`} virtual={data.length > 100} />
    </>
  );
}

export function MappingView({ env, graph, route, updateQuery }: ViewProps) {
  const tables = useMemo(() => declaredTables(graph), [graph]);
  const choices = [...tables.map((t) => ({ key: t.key, name: t.name })), { key: SENT, name: 'What the rules send' }];
  const current = choices.find((c) => c.key === route.query.get('table')) ?? choices[0]!;
  const declared = tables.find((t) => t.key === current.key);
  const tableHref = (key: string) => {
    const query = new URLSearchParams(route.query);
    query.set('table', key);
    return formatRoute({ ...route, query });
  };
  return (
    <section aria-labelledby="mapping-title" className="view view-fill">
      <h2 id="mapping-title">Analytics mapping in {env}</h2>
      {tables.length === 0 && <p className="muted small">The container declares no mapping table yet (a <code>viewTable(…)</code> export).</p>}
      <nav aria-label="Mapping tables" className="subtabs">
        <ul>
          {choices.map((c) => (
            <li key={c.key}>
              <a href={tableHref(c.key)} aria-current={c.key === current.key ? 'page' : undefined} data-table={c.key}>
                {c.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <h3 className="visually-hidden">{current.name}</h3>
      {declared ? <Declared key={declared.key} table={declared} route={route} updateQuery={updateQuery} /> : <Sent env={env} graph={graph} route={route} updateQuery={updateQuery} />}
    </section>
  );
}
