import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyticsModule } from './analytics';
import { ImportContext } from './context';
import { dataElementsModule, nameDataElements } from './data-elements';
import { parseLibrary, parseRegisteredScripts, LaunchParseError } from './parse';
import { ImportReport, reportLines, reportMarkdown, type ImportSummary } from './report';
import { kebab } from './names';
import { ruleModules } from './rules';
import { lit } from './source';

// `tagc import launch`: a published Launch library (a launch-*.js file, or the folder of a
// self-hosted library with its separate custom-code files) → tagc modules under <out>/rules/launch
// and <out>/data-elements/launch, a site configuration when <out> has none, and a report.

export { LaunchParseError } from './parse';

/** This tagc's authoring API, which the written modules import. */
export const DECLARE = fileURLToPath(new URL('../../../runtime/declare/index.ts', import.meta.url));

export const REPORT_FILE = 'launch-import-report.md';

export interface LaunchImport {
  /** Absolute path → content. */
  files: Record<string, string>;
  report: ImportReport;
  summary: ImportSummary;
  /** The report as Markdown (also in files, at <out>/launch-import-report.md). */
  markdown: string;
  /** One line per finding, for the terminal. */
  lines: string[];
}

function walkFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? (name === 'node_modules' ? [] : walkFiles(full)) : [full];
  });
}

/** The library and the separate custom-code files of a path (a library file, or a folder holding one). */
export function readLibrary(input: string): { file: string; source: string; externals: Record<string, string> } {
  const path = resolve(input);
  if (!existsSync(path)) throw new LaunchParseError('no such file or folder', input);
  if (!statSync(path).isDirectory()) return { file: path, source: readFileSync(path, 'utf8'), externals: {} };
  const scripts = walkFiles(path).filter((f) => f.endsWith('.js'));
  const libraries = scripts.filter((f) => /^launch-.*\.js$/.test(basename(f)) && !/-source(\.min)?\.js$/.test(f));
  if (libraries.length !== 1) {
    throw new LaunchParseError(libraries.length ? `holds several libraries (${libraries.map((f) => relative(path, f)).join(', ')}): name one` : 'holds no launch-*.js library', input);
  }
  const externals: Record<string, string> = {};
  for (const f of scripts) {
    if (f === libraries[0]) continue;
    const text = readFileSync(f, 'utf8');
    if (text.includes('__registerScript')) Object.assign(externals, parseRegisteredScripts(text, f));
  }
  return { file: libraries[0], source: readFileSync(libraries[0], 'utf8'), externals };
}

/** A package.json where <out> has none: the modules are ES modules, and the build reads the version from it. */
function packageJson(ctx: ImportContext, out: string): Record<string, string> {
  const file = join(out, 'package.json');
  if (existsSync(file)) return {};
  const pkg = { name: kebab(ctx.container.property.name || 'launch-import'), version: '0.0.0', private: true, type: 'module', description: `tagc container imported from the Adobe Launch property "${ctx.container.property.name}"` };
  return { [file]: `${JSON.stringify(pkg, null, 2)}\n` };
}

function siteConfig(ctx: ImportContext, out: string): Record<string, string> {
  const file = join(out, 'rules', 'site.config.ts');
  if (existsSync(file)) {
    ctx.report.add('review', 'site configuration', '', `${relative(out, file).split(sep).join('/')} exists and was kept: its allowedDomains must include the Launch property's domains ${JSON.stringify(ctx.container.property.settings.domains ?? [])}`);
    return {};
  }
  const domains = (ctx.container.property.settings.domains ?? []).filter((d) => typeof d === 'string' && d);
  if (!domains.length) ctx.report.add('review', 'site configuration', '', 'the property lists no domains: add the hosts the bundle may run on to allowedDomains');
  const source = `// The site configuration of the container imported from Adobe Launch (property "${ctx.container.property.name}").\n// The bundle runs only on these domains and their subdomains.\nexport default { allowedDomains: ${lit(domains)} };\n`;
  return { [file]: source };
}

/** Imports a Launch library into tagc modules under `out` (nothing is written: see writeImport). */
export function importLaunch(input: string, out: string): LaunchImport {
  const lib = readLibrary(input);
  const container = parseLibrary(lib.source, lib.file);
  const report = new ImportReport();
  const root = resolve(out);
  const ctx = new ImportContext(container, { out: root, declare: DECLARE }, report, lib.externals);
  const files: Record<string, string> = {};

  nameDataElements(ctx);
  const des = dataElementsModule(ctx);
  if (des) files[des.file] = des.source;
  const analytics = analyticsModule(ctx);
  if (analytics) files[analytics.file] = analytics.source;
  for (const [name, ext] of Object.entries(container.extensions)) {
    if (name !== 'core' && name !== 'adobe-analytics') report.add('not mapped', `extension "${name}"`, ext?.displayName ?? '', 'tagc has no equivalent of this extension: its rule components are reported where they are used');
  }
  const rules = ruleModules(ctx, analytics);
  for (const f of rules.files) files[f.file] = f.source;
  for (const m of ctx.codeModules.values()) if (!m.empty) files[m.file] = m.render();
  const values = ctx.renderValues();
  if (values) files[ctx.values.file] = values;
  Object.assign(files, siteConfig(ctx, root), packageJson(ctx, root));

  const summary: ImportSummary = {
    library: basename(lib.file),
    property: container.property.name,
    stage: container.environment?.stage ?? 'unknown',
    launchRules: container.rules.length,
    rules: rules.imported,
    dataElements: ctx.deNames.size,
    renamed: [...ctx.deNames].filter(([a, b]) => a !== b),
  };
  const markdown = reportMarkdown(report, summary);
  files[join(root, REPORT_FILE)] = markdown;
  return { files, report, summary, markdown, lines: reportLines(report) };
}
