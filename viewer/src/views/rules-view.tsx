import { useMemo } from 'react';
import { RULE_FIELDS, ruleRows } from '../data/rows';
import { DataTable } from '../tables/data-table';
import { TableToolbar } from '../tables/table-toolbar';
import { useDataTable } from '../tables/use-data-table';
import { getRuleColumns } from './rules-columns';
import type { ViewProps } from './view-props';

const DEFAULT_SORT = [{ id: 'order', desc: false }];
const HIDDEN = ['kinds'];

export function RulesView({ env, graph, route, updateQuery }: ViewProps) {
  const data = useMemo(() => ruleRows(graph), [graph]);
  const columns = useMemo(() => getRuleColumns(env), [env]);
  const api = useDataTable({ data, columns, query: route.query, updateQuery, defaultSort: DEFAULT_SORT, hidden: HIDDEN, getRowId: (r) => r.id, fields: RULE_FIELDS });
  return (
    <section aria-labelledby="rules-title" className="view view-fill">
      <h2 id="rules-title">Rules in {env}</h2>
      <TableToolbar api={api} noun="rules" placeholder="Search rules, or one field: id:, event:, reads:, does:…" />
      <DataTable api={api} caption={`Rules in ${env}, in firing order unless sorted otherwise`} virtual />
    </section>
  );
}
