import type { EnvPlan } from '../4-plan';
import type { ContainerGraph } from '../3-graph';
import { dataRow, denseRows, type DataElementReaders, type DataRow } from './data-element-rows';
import { PROJECT_FUNCTION, PROJECT_IMPORTS, projectModule } from './project-function';
import { runtimeModule } from './runtime-modules';

// The generated entry of one environment's bundle: imports exactly the included rules and data
// elements (so esbuild drops everything else) and hands them to the runtime's start(). A data
// element of a kind the runtime reads from params is a row of a table instead
// (data-element-rows.ts): its module is not imported for it.

export const HASH_PLACEHOLDER = '__tagc_hash_16__';

export interface BuildStamp {
  version: string;
  buildTime: string;
}

/**
 * An environment's entry (esbuild's stdin) and, for a bundle without debugging, the module that
 * imports the project's declarations (data elements, rules) and returns them: its body ends up
 * inside the function the entry gives start() as `project` (project-function.ts).
 */
export interface Entry {
  source: string;
  project?: string;
}

/** Additions to an entry: statements before start() and extra ContainerConfig entries (source expressions). */
export interface EntryExtras {
  prelude?: readonly string[];
  config?: Readonly<Record<string, string>>;
  /** The runtime's readers of data elements as data (without: every data element is imported). */
  readers?: DataElementReaders;
  /** Where a rule is imported from instead of its file: its group module's and the name it exports it by (rule-groups.ts). */
  ruleImport?: (abs: string) => { file: string; name: string } | undefined;
}

const js = (v: unknown) => JSON.stringify(v);

/** The order the entry imports project modules in: descending path (rule-groups.ts joins rules in it too). */
export const descendingPath = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/**
 * A data element's name as a key of the `dataElements` object: a computed template literal, which
 * esbuild's property mangling leaves as it is (it mangles quoted keys, mangled-props.ts), so that
 * a name that is also a mangled runtime property (a data element called `linkName`) still reads.
 */
const nameKey = (name: string) => `[\`${name.replace(/[`\\$]/g, '\\$&')}\`]`;

/** The imports of the data elements' modules, of the runtime's readers, and the `dataElements` expression of an entry. */
function dataElementsSource(graph: ContainerGraph, plan: EnvPlan, readers: DataElementReaders | undefined): { imports: string[]; runtime: string[]; expression: string } {
  const imports: string[] = [];
  const runtime: string[] = [];
  const byFile = new Map<string, string[]>();
  let n = 0;
  const rows: [string, DataRow][] = [];
  const entries: (string | number)[] = [];
  for (const name of plan.dataElements) {
    const loaded = graph.dataElements.get(name)!.loaded;
    const row = dataRow(loaded.value, readers, !plan.env.debug);
    if (!row) {
      const local = `d${n++}`;
      byFile.set(loaded.abs, [...(byFile.get(loaded.abs) ?? []), `${name} as ${local}`]);
      entries.push(`${nameKey(name)}: ${local}`);
      continue;
    }
    entries.push(rows.push([name, row]) - 1);
  }
  const table = denseRows(rows);
  const source = (entry: string | number) => (typeof entry === 'string' ? entry : `${nameKey(table.rows[entry]![0])}: ${js(table.rows[entry]![1])}`);
  for (const [abs, specifiers] of [...byFile].sort(([a], [b]) => descendingPath(a, b))) imports.push(`import { ${specifiers.join(', ')} } from ${js(abs)};`);
  const object = `{ ${entries.map(source).join(', ')} }`;
  if (!rows.length) return { imports, runtime, expression: object };
  runtime.push(`import { dataElementTable } from ${js(readers!.table)};`);
  runtime.push(`import { ${table.kinds.map(({ kind }, i) => `${kind} as k${i}`).join(', ')} } from ${js(readers!.file)};`);
  // A data element's kind is tooling's alone (the runtime never reads it): a bundle without debugging leaves it out.
  const kinds = table.kinds.map(({ kind, key }, i) => {
    const keyed = key === undefined ? [] : [js(key)];
    return `[${[`k${i}`, ...(plan.env.debug ? [keyed[0] ?? 'undefined', js(kind)] : keyed)].join(', ')}]`;
  });
  return { imports, runtime, expression: `dataElementTable([${kinds.join(', ')}], ${object})` };
}

export function entrySource(graph: ContainerGraph, plan: EnvPlan, runtimeStart: string, domains: readonly string[], stamp: BuildStamp, extras: EntryExtras = {}): Entry {
  const table = js(runtimeModule(runtimeStart, 'events/table.ts'));
  // The order of the imports is the order of the modules in the bundle (each after what it
  // imports). Data elements first, their files in descending order of path (prod -41 B gzip -9
  // ascending against the order of their names, -6 B more descending: the modules naming many
  // data elements, login.ts, come nearer the table of names that ends the project), then the
  // rules by file (neighbours in a folder look alike), in descending order of path: gzip finds
  // more repeats within its 32 KB window than in firing order (prod: -130 B gzip -9 by file
  // ascending, -104 B more descending; measured, not derived).
  // Rule and data-element modules only declare, so the order in which they evaluate changes
  // nothing. `rules` lists them in that order too, put in firing order when the bundle starts
  // (runtime/events/table.ts firingOrder): the minifier then writes each rule evaluated just
  // before the list inside it, instead of declaring a variable and naming it again.
  const dataElements = dataElementsSource(graph, plan, extras.readers);
  const byFile = plan.rules.map((r, i) => ({ abs: r.loaded.abs, i })).sort((a, b) => descendingPath(a.abs, b.abs) || a.i - b.i);
  const ruleImport = ({ abs, i }: { abs: string; i: number }) => {
    const grouped = extras.ruleImport?.(abs);
    return grouped ? `import { ${grouped.name} as r${i} } from ${js(grouped.file)};` : `import r${i} from ${js(abs)};`;
  };
  const declarations = [...dataElements.imports, ...byFile.map(ruleImport)];
  const rules = `firingOrder([${byFile.map(({ i }) => `r${i}`).join(', ')}])`;
  // The firing order, the event table and the sources are the plan's (plan.rules, plan.table,
  // plan.sources), made again from the rules when the bundle starts (runtime/events/table.ts):
  // the event names travel once.
  const settings = [
    `  domains: ${js(domains)},`,
    `  build: { environment: ${js(plan.env.name)}, version: ${js(stamp.version)}, buildTime: ${js(stamp.buildTime)}, hash: ${js(HASH_PLACEHOLDER)} },`,
    ...Object.entries(extras.config ?? {}).map(([key, source]) => `  ${key}: ${source},`),
  ];
  const start = `import { start } from ${js(runtimeStart)};`;
  if (plan.env.debug) {
    const lines = [start, `import { eventTable, firingOrder } from ${table};`];
    lines.push(...dataElements.imports, ...dataElements.runtime, ...declarations.slice(dataElements.imports.length));
    lines.push(...(extras.prelude ?? []));
    lines.push(`const rules = ${rules};`, `start({`, `  rules,`, `  ...eventTable(rules),`, `  dataElements: ${dataElements.expression},`, ...settings, `});`);
    return { source: lines.join('\n') + '\n' };
  }
  // Without debugging, the project's declarations are made by a function that start() calls when
  // it first needs them (project-function.ts), not while the bundle evaluates. The function is the
  // config's last key: swc writes it there as a method, so the settings (the domains, the egress
  // hosts) come before its text and within gzip's 32 KB window of the site configuration that
  // opens it, where after it they were 38 KB away (prod 30,754 -> 30,712 B gzip -9).
  const project = projectModule([`import ${js(runtimeModule(runtimeStart, 'declare/index.ts'))};`, `import { firingOrder } from ${table};`, ...dataElements.runtime], declarations, `{ rules: ${rules}, dataElements: ${dataElements.expression} }`);
  const lines = [start, ...PROJECT_IMPORTS, ...(extras.prelude ?? []), `start({`, ...settings, `  project: ${PROJECT_FUNCTION},`, `});`];
  return { source: lines.join('\n') + '\n', project };
}
