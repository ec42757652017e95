import { useMemo } from 'react';
import { DATA_ELEMENT_FIELDS, dataElementRow } from '../data/rows';
import { DataTable } from '../tables/data-table';
import { TableToolbar } from '../tables/table-toolbar';
import { useDataTable } from '../tables/use-data-table';
import { getDataElementColumns } from './data-element-columns';
import type { ViewProps } from './view-props';

const DEFAULT_SORT = [{ id: 'name', desc: false }];

export function DataElementsView({ env, graph, route, updateQuery }: ViewProps) {
  const data = useMemo(() => graph.dataElements.map(dataElementRow), [graph]);
  const columns = useMemo(() => getDataElementColumns(env), [env]);
  const api = useDataTable({ data, columns, query: route.query, updateQuery, defaultSort: DEFAULT_SORT, getRowId: (r) => r.name, fields: DATA_ELEMENT_FIELDS });
  return (
    <section aria-labelledby="de-title" className="view view-fill">
      <h2 id="de-title">Data elements in {env}</h2>
      <TableToolbar api={api} noun="data elements" />
      <DataTable api={api} caption={`Data elements in ${env}`} virtual={data.length > 300} />
      {graph.excluded.dataElements.length > 0 && (
        <details className="muted small left-out">
          <summary>
            {graph.excluded.dataElements.length} data elements left out of {env} (no rule of {env} reads them)
          </summary>
          {graph.excluded.dataElements.join(', ')}
        </details>
      )}
    </section>
  );
}
