import { pathToFileURL } from 'node:url';
import type { DataElement, EventSchemaDeclaration, Rule, ViewTable } from '../../../runtime/declare/types';
import type { Diagnostics } from '../../diagnostics';
import { listModules, rel, type Project } from '../../project';
import { bundledImports, type Imported } from './bundled';
import { loadTypeScript } from '../../load-typescript';
import { defineGlobals, environments } from '../../environments';

// Phase 1: import every declaration module: all at once as one esbuild bundle (./bundled.ts), or,
// when a module fails, module by module. A module that fails to import is a located diagnostic;
// the others still load, so one broken rule reports alongside all other problems.

export interface Loaded<T> {
  /** Source file relative to the project root. */
  file: string;
  /** Absolute path, for the bundle's imports. */
  abs: string;
  /** Export name (data elements) or 'default'. */
  exportName: string;
  value: T;
}

export interface LoadResult {
  rules: Loaded<Rule>[];
  dataElements: Loaded<DataElement>[];
  schemas: Loaded<EventSchemaDeclaration>[];
  site: Loaded<Record<string, unknown>> | null;
  /** Named `viewTable(...)` exports of any declaration module, shown by the viewer. */
  tables: Loaded<ViewTable>[];
  /**
   * Every file of the project's own that the declaration modules import, JSON and modules outside
   * the declaration folders included (absolute). Known only when the modules load as one bundle.
   */
  sources?: string[];
}

function brand(value: unknown): string | undefined {
  return value && typeof value === 'object' ? ((value as { __tagc?: unknown }).__tagc as string | undefined) : undefined;
}

type Started = Map<string, Imported | Promise<Imported>>;

/**
 * Module by module (when the bundled load cannot be used: a module fails to build or throws),
 * every import started at once, as each waits on tsx's loader thread. Results are handled in
 * the listed order, so diagnostics and tables keep a stable order either way.
 */
function importAll(paths: readonly string[]): Started {
  const started: Started = new Map();
  for (const abs of paths) {
    if (!started.has(abs)) started.set(abs, import(pathToFileURL(abs).href).then((mod: Record<string, unknown>) => ({ mod }), (error: unknown) => ({ error })));
  }
  return started;
}

async function importModule(p: Project, abs: string, diagnostics: Diagnostics, tables: Loaded<ViewTable>[], started: Started): Promise<Record<string, unknown> | null> {
  const imported = await started.get(abs)!;
  if ('mod' in imported) {
    const mod = imported.mod;
    for (const [name, value] of Object.entries(mod)) {
      // A table re-exported by several modules is listed once, from where it is declared first.
      if (brand(value) === 'table' && !tables.some((t) => t.value === value)) tables.push({ file: rel(p, abs), abs, exportName: name, value: value as ViewTable });
    }
    return mod;
  }
  const error = imported.error;
  const e = error as Error & { errors?: { location?: { line: number; column: number } }[] };
  const loc = e.errors?.[0]?.location;
  const match = /:(\d+):(\d+)/.exec(e.message ?? '');
  diagnostics.report('load_failed', rel(p, abs), { reason: (e.message ?? String(error)).split('\n')[0] }, [], {
    line: loc?.line ?? (match ? Number(match[1]) : undefined),
    column: loc ? loc.column + 1 : match ? Number(match[2]) : undefined,
  });
  return null;
}

/** Each module's default export, in the listed order, where it carries `kind`'s brand; a module whose default does not is reported (`not_a_rule`, `not_a_schema`). */
async function defaultsOf<T>(p: Project, files: readonly string[], kind: 'rule' | 'schema', imported: (abs: string) => Promise<Record<string, unknown> | null>, diagnostics: Diagnostics): Promise<Loaded<T>[]> {
  const out: Loaded<T>[] = [];
  for (const abs of files) {
    const mod = await imported(abs);
    if (!mod) continue;
    const file = rel(p, abs);
    if (brand(mod.default) === kind) out.push({ file, abs, exportName: 'default', value: mod.default as T });
    else diagnostics.report(kind === 'rule' ? 'not_a_rule' : 'not_a_schema', file, {});
  }
  return out;
}

export async function load(p: Project, diagnostics: Diagnostics): Promise<LoadResult> {
  const result: LoadResult = { rules: [], dataElements: [], schemas: [], site: null, tables: [] };
  // Declarations run in Node here; runtime code that reads the build constants at import time gets the test values.
  defineGlobals(environments.test);

  const rules = listModules(p.rulesDir);
  const dataElements = listModules(p.dataElementsDir);
  const schemas = listModules(p.schemasDir);
  const libs = [p.rulesDir, p.dataElementsDir, p.schemasDir].flatMap((dir) => listModules(dir, 'lib'));
  const all = [...rules, ...dataElements, ...schemas, ...libs, p.siteConfig];
  const bundled = await bundledImports(p.root, all);
  if (bundled) result.sources = bundled.sources;
  const started: Started = bundled?.imports ?? (await loadTypeScript(), importAll(all));

  const imported = (abs: string) => importModule(p, abs, diagnostics, result.tables, started);
  result.rules = await defaultsOf<Rule>(p, rules, 'rule', imported, diagnostics);

  for (const abs of dataElements) {
    const mod = await imported(abs);
    if (!mod) continue;
    const file = rel(p, abs);
    for (const [name, value] of Object.entries(mod)) {
      if (brand(value) === 'dataElement') result.dataElements.push({ file, abs, exportName: name, value: value as DataElement });
    }
  }

  result.schemas = await defaultsOf<EventSchemaDeclaration>(p, schemas, 'schema', imported, diagnostics);

  // Shared modules (rules/lib, schemas/lib, ...) are not declarations, but may declare tables.
  for (const abs of libs) await imported(abs);

  const siteMod = await imported(p.siteConfig);
  if (siteMod?.default && typeof siteMod.default === 'object') {
    result.site = { file: rel(p, p.siteConfig), abs: p.siteConfig, exportName: 'default', value: siteMod.default as Record<string, unknown> };
  } else if (siteMod) {
    diagnostics.report('no_site_config', rel(p, p.siteConfig), {});
  }
  return result;
}
