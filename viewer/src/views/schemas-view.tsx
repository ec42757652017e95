import { useMemo } from 'react';
import { SCHEMA_FIELDS, schemaRows } from '../data/rows';
import { useEnvGraphs } from '../data/use-build';
import { DataTable } from '../tables/data-table';
import { TableToolbar } from '../tables/table-toolbar';
import { useDataTable } from '../tables/use-data-table';
import { getSchemaColumns } from './schema-columns';
import type { ViewProps } from './view-props';

const DEFAULT_SORT = [{ id: 'event', desc: false }];

// The event catalogue; "validated in" needs every environment's graph.

export function SchemasView({ env, graph, manifest, route, updateQuery }: ViewProps) {
  const envs = Object.keys(manifest.environments);
  const all = useEnvGraphs(envs);
  const settled = all.status === 'ready' ? [...all.value.values()] : [];
  const loaded = all.status === 'ready' ? settled.flatMap((l) => (l.status === 'ready' ? [l.value] : [])) : [graph];
  const missing = all.status === 'ready' ? envs.filter((e) => all.value.get(e)?.status !== 'ready') : envs.filter((e) => e !== graph.env);
  const data = useMemo(() => schemaRows(graph, loaded), [graph, all]);
  const columns = useMemo(() => getSchemaColumns(env, envs, missing), [env, envs.join(), missing.join()]);
  const api = useDataTable({ data, columns, query: route.query, updateQuery, defaultSort: DEFAULT_SORT, getRowId: (r) => r.event, fields: SCHEMA_FIELDS });
  return (
    <section aria-labelledby="schemas-title" className="view view-fill">
      <h2 id="schemas-title">Event schemas</h2>
      <p className="muted small">
        Payloads are validated where the bundle is built with validation ({env}: {graph.settings.validate ? 'on' : 'off'}) and the event's provider is Apollo.
        {all.status === 'ready' && missing.length > 0 && ` Not known for ${missing.join(', ')}: ${missing.length === 1 ? 'its graph' : 'their graphs'} could not be loaded.`}
      </p>
      <TableToolbar api={api} noun="events" />
      <DataTable api={api} caption="Event schemas" />
    </section>
  );
}
