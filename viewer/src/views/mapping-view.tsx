import { useMemo } from 'react';
import { declaredTables, mappingRows, type DeclaredTable } from '../data/mapping';
import { DataTable } from '../tables/data-table';
import { TableToolbar } from '../tables/table-toolbar';
import { useDataTable } from '../tables/use-data-table';
import { getDeclaredColumns, getMappingColumns } from './mapping-columns';
import type { ViewProps } from './view-props';

// Which analytics variable and event number each data element and event feeds: the tables the
// container declares (viewTable), then what the rules' analytics actions actually set.

const VAR_SORT = [{ id: 'variable', desc: false }];

function Declared({ table: t, route, updateQuery }: { table: DeclaredTable } & Pick<ViewProps, 'route' | 'updateQuery'>) {
  const columns = useMemo(() => getDeclaredColumns(t.columns), [t]);
  const table = useDataTable({ data: t.rows, columns, query: route.query, updateQuery });
  return (
    <section className="declared-table" aria-labelledby={`t-${t.name}`}>
      <h3 id={`t-${t.name}`}>{t.name}</h3>
      <p className="muted small">
        {t.description} <code>{t.file}</code>
      </p>
      <TableToolbar table={table} noun="rows" />
      <DataTable table={table} caption={t.name} />
    </section>
  );
}

export function MappingView({ env, graph, route, updateQuery }: ViewProps) {
  const tables = useMemo(() => declaredTables(graph), [graph]);
  const data = useMemo(() => mappingRows(graph), [graph]);
  const columns = useMemo(() => getMappingColumns(env), [env]);
  const table = useDataTable({ data, columns, query: route.query, updateQuery, defaultSort: VAR_SORT });
  return (
    <section aria-labelledby="mapping-title" className="view">
      <h2 id="mapping-title">Analytics mapping in {env}</h2>
      {tables.length === 0 && <p className="muted">The container declares no mapping table yet (a <code>viewTable(…)</code> export).</p>}
      {tables.map((t) => (
        <Declared key={`${t.file}:${t.name}`} table={t} route={route} updateQuery={updateQuery} />
      ))}
      <section aria-labelledby="sent-title">
        <h3 id="sent-title">What the rules send</h3>
        <p className="muted small">Every variable an analytics action sets, and every event number it names, from the compiled rules of {env}.</p>
        <TableToolbar table={table} noun="mappings" />
        <DataTable table={table} caption={`Analytics variables set by rules in ${env}`} />
      </section>
    </section>
  );
}
