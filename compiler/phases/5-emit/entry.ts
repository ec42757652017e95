import type { EnvPlan } from '../4-plan';
import type { ContainerGraph } from '../3-graph';

// The generated entry of one environment's bundle: imports exactly the included rules and data
// elements (so esbuild drops everything else) and hands them to the runtime's start().

export const HASH_PLACEHOLDER = '__tagc_hash_16__';

export interface BuildStamp {
  version: string;
  buildTime: string;
}

/** Additions to an entry: statements before start() and extra ContainerConfig entries (source expressions). */
export interface EntryExtras {
  prelude?: readonly string[];
  config?: Readonly<Record<string, string>>;
}

const js = (v: unknown) => JSON.stringify(v);

export function entrySource(graph: ContainerGraph, plan: EnvPlan, runtimeStart: string, domains: readonly string[], stamp: BuildStamp, extras: EntryExtras = {}): string {
  const lines: string[] = [`import { start } from ${js(runtimeStart)};`];
  plan.rules.forEach((r, i) => lines.push(`import r${i} from ${js(r.loaded.abs)};`));

  const byFile = new Map<string, string[]>();
  for (const name of plan.dataElements) {
    const abs = graph.dataElements.get(name)!.loaded.abs;
    byFile.set(abs, [...(byFile.get(abs) ?? []), name]);
  }
  const deEntries: string[] = [];
  let n = 0;
  for (const [abs, names] of byFile) {
    const specifiers = names.map((name) => {
      const local = `d${n++}`;
      deEntries.push(`${js(name)}: ${local}`);
      return `${name} as ${local}`;
    });
    lines.push(`import { ${specifiers.join(', ')} } from ${js(abs)};`);
  }

  lines.push(...(extras.prelude ?? []));
  lines.push(`const rules = [${plan.rules.map((_, i) => `r${i}`).join(', ')}];`);
  lines.push(
    `start({`,
    `  rules,`,
    `  table: ${js(plan.table)},`,
    `  sources: [${plan.sources.map(([r, e]) => `rules[${r}].events[${e}]`).join(', ')}],`,
    `  dataElements: { ${deEntries.join(', ')} },`,
    `  domains: ${js(domains)},`,
    `  build: { environment: ${js(plan.env.name)}, version: ${js(stamp.version)}, buildTime: ${js(stamp.buildTime)}, hash: ${js(HASH_PLACEHOLDER)} },`,
    ...Object.entries(extras.config ?? {}).map(([key, source]) => `  ${key}: ${source},`),
    `});`,
  );
  return lines.join('\n') + '\n';
}
