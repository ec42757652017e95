import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { esbuild } from '../../esbuild-api';
import { blankRanges, importedLocals, isNode, keyName, parseModule, propertyRange, type AstNode } from '../../js-syntax';
import { keptValues, KeptOutputs, workingCode } from '../../kept-outputs';

// Site settings reach a bundle only as far as code uses them: every project module is scanned for
// the member paths it reads from the site configuration (`site.hosts.entry` -> "hosts.entry", also
// through a const alias: `const h = site.hosts; h.entry`), and
// the configuration module is bundled without the properties no path reaches. A module that uses
// `site` other than through a static member path (passes it on, indexes it by a variable at the
// top) keeps the whole object. Modules are parsed once; each environment counts only the
// declarations its bundle includes (an excluded rule's or data element's reads do not count).
// A path given to the authoring API's forEnvironment() (runtime/declare/for-environment.ts) is read
// only at the bundle's own environment by a bundle without tooling, and whole by one with it.

/** The last segment of a path read through forEnvironment(): the environment, once a bundle's is known. */
const EACH_ENV = '<environment>';
const FOR_ENVIRONMENT: ReadonlySet<string> = new Set(['forEnvironment']);

/** Local names of forEnvironment imported from the authoring API (a module ending in `declare` or `declare/index`). */
function envHelpers(program: AstNode): Set<string> {
  return importedLocals(program, FOR_ENVIRONMENT, (source) => /(^|\/)declare(\/index)?(\.[jt]s)?$/.test(source));
}

/** Whether `node` is the argument of a forEnvironment() call. */
const perEnvironment = (node: AstNode, parent: AstNode | undefined, helpers: ReadonlySet<string>): boolean =>
  parent?.type === 'CallExpression' && (parent.callee as AstNode).type === 'Identifier' && helpers.has((parent.callee as AstNode).name as string) && (parent.arguments as AstNode[])[0] === node;

/** Dotted paths read from the site configuration, or 'all' when it cannot be known. */
export type SiteUse = ReadonlySet<string> | 'all';

/** The .ts files under `dir`, at any depth (none when it does not exist). */
export async function tsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

/** Local names bound to the site configuration object, or 'all' for a namespace import or a re-export. */
function siteBindings(program: AstNode, isSiteConfig: (spec: string) => boolean): Set<string> | 'all' {
  const names = new Set<string>();
  for (const statement of program.body as AstNode[]) {
    const source = statement.source as AstNode | null | undefined;
    if (!source || !isSiteConfig(source.value as string)) continue;
    if (statement.type !== 'ImportDeclaration') return 'all';
    for (const spec of statement.specifiers as AstNode[]) {
      if (spec.type === 'ImportNamespaceSpecifier') return 'all';
      names.add((spec.local as AstNode).name as string);
    }
  }
  return names;
}

/** The static path of a member chain hanging off `node`'s parent chain, or null. */
function memberPath(chain: AstNode[]): string {
  const parts: string[] = [];
  for (const member of chain) {
    if (member.computed) break;
    parts.push((member.property as AstNode).name as string);
  }
  return parts.join('.');
}

/** The const that `node` (the top of a member chain) initializes, if any: `const c = site.cookies`. */
function aliasOf(node: AstNode, parent: AstNode | undefined, grand: AstNode | undefined): string | undefined {
  if (parent?.type !== 'VariableDeclarator' || parent.init !== node || grand?.kind !== 'const') return undefined;
  const id = parent.id as AstNode;
  return id.type === 'Identifier' ? (id.name as string) : undefined;
}

/**
 * Adds to `out` the paths a module reads through `names` (bindings of the whole object), and
 * through consts that alias a part of it (`const c = site.cookies; c.userProfile` reads
 * "cookies.userProfile"). True when the module uses the whole object.
 */
function usesIn(program: AstNode, names: Set<string>, out: Set<string>): boolean {
  const helpers = envHelpers(program);
  const bindings = new Map<string, string>([...names].map((n) => [n, '']));
  for (;;) {
    const found = new Set<string>();
    let whole = false;
    const before = bindings.size;
    const visit = (node: AstNode, parents: AstNode[]): void => {
      if (node.type === 'Identifier' && bindings.has(node.name as string)) {
        const parent = parents[parents.length - 1];
        if (parent?.type === 'ImportSpecifier' || parent?.type === 'ImportDefaultSpecifier') return;
        if (parent?.type === 'VariableDeclarator' && parent.id === node) return;
        const chain: AstNode[] = [];
        let top: AstNode = node;
        for (let i = parents.length - 1; i >= 0; top = parents[i], i--) {
          const p = parents[i];
          if (p.type !== 'MemberExpression' || p.object !== top) break;
          chain.push(p);
        }
        const prefix = bindings.get(node.name as string)!;
        const own = memberPath(chain);
        const path = prefix && own ? `${prefix}.${own}` : prefix || own;
        const depth = parents.length - 1 - chain.length;
        const alias = chain.every((m) => !m.computed) ? aliasOf(top, parents[depth], parents[depth - 1]) : undefined;
        if (path && alias) {
          if (!bindings.has(alias)) bindings.set(alias, path);
        } else if (path) found.add(perEnvironment(top, parents[depth], helpers) ? `${path}.${EACH_ENV}` : path);
        else whole = true;
        return;
      }
      // `{ site }` shorthand and `site.x` property keys are not reads of the binding.
      // One stack of parents for the whole walk (a copy per node cost time in the square of the depth).
      parents.push(node);
      for (const [key, value] of Object.entries(node)) {
        if ((node.type === 'MemberExpression' && key === 'property' && !node.computed) || (node.type === 'Property' && key === 'key' && !node.computed && !node.shorthand)) continue;
        if (Array.isArray(value)) for (const item of value) isNode(item) && visit(item, parents);
        else if (isNode(value)) visit(value, parents);
      }
      parents.pop();
    };
    visit(program, []);
    // A new alias found late may be read earlier in the module: scan again until none is new.
    if (bindings.size === before) {
      for (const path of found) out.add(path);
      return whole;
    }
  }
}

/**
 * What a module says about the site configuration, kept between builds (compiler/kept-outputs.ts):
 * the names it binds to it, or the paths it reads; 'all' when that cannot be known.
 */
export type SiteFacts = readonly string[] | 'all';

const isSiteFacts = (value: unknown): value is SiteFacts => value === 'all' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/** The kept facts of a project (its file), for scanSiteConfig and siteUseOf. */
export function keptSiteFacts(file: string | undefined): KeptOutputs<SiteFacts> {
  return new KeptOutputs(file, keptValues(isSiteFacts));
}

/** What a module's facts depend on besides its text: esbuild, acorn, and this code. */
const scanningTools = () => workingCode(import.meta.url, ['esbuild', 'acorn']);

/** A module that imports the site configuration: its tree is made only when a fact of it is not kept. */
interface ScannedModule {
  file: string;
  source: string;
  names: Set<string>;
  program: () => Promise<AstNode>;
}

/** The modules that import the site configuration, parsed once (at most) for every environment's use. */
export type SiteScan = readonly ScannedModule[] | 'all';

/** Export names of a module that an environment's bundle leaves out ('default': a rule module's declaration). */
export type LeftOut = (file: string) => ReadonlySet<string> | undefined;

/** The project's modules (under `dirs`) that read the site configuration module, and through which names. */
export async function scanSiteConfig(dirs: readonly string[], siteConfig: string, kept = keptSiteFacts(undefined)): Promise<SiteScan> {
  const base = siteConfig.replace(/\.ts$/, '').split(/[\\/]/).pop()!;
  const isSiteConfig = (spec: string) => spec.replace(/\.(ts|js)$/, '').split('/').pop() === base;
  const files = (await Promise.all(dirs.map(tsFiles))).flat().filter((f) => f !== siteConfig);
  // Read synchronously (an awaited read per file cost seconds with thousands of rules), and ask
  // esbuild for every transform needed at once: it works on them while the compiler validates,
  // where one round trip at a time advanced only when the main thread was free.
  const scanned = files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    if (!source.includes(base)) return [];
    const key = kept.key(scanningTools(), 'bindings', base, source);
    const known = kept.get(key);
    const module = { file, source, program: treeOf(source) };
    if (known === undefined) module.program().catch(() => undefined);
    return [{ key, known, module }];
  });
  const modules: ScannedModule[] = [];
  for (const { key, known, module } of scanned) {
    const names = known ?? (await kept.memo(key, async () => factsOf(siteBindings(await module.program(), isSiteConfig))));
    if (names === 'all') return 'all';
    if (names.length) modules.push({ ...module, names: new Set(names) });
  }
  return modules;
}

const factsOf = (found: ReadonlySet<string> | 'all'): SiteFacts => (found === 'all' ? 'all' : [...found].sort());

/** A module's tree, made on first use: esbuild strips its types, acorn parses it. */
function treeOf(source: string): () => Promise<AstNode> {
  let tree: Promise<AstNode> | undefined;
  return () => (tree ??= esbuild.transform(source, { loader: 'ts', format: 'esm', target: 'esnext' }).then(({ code }) => parseModule(code)));
}

/** Local names of the given exports (`export { x as default }` -> x; `export const y` -> y). */
function localNames(program: AstNode, exported: ReadonlySet<string>): Set<string> {
  const locals = new Set<string>();
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    for (const spec of (statement.specifiers as AstNode[]) ?? []) {
      const outer = spec.exported as AstNode;
      if (exported.has((outer.name ?? outer.value) as string)) locals.add((spec.local as AstNode).name as string);
    }
    const declaration = statement.declaration as AstNode | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as AstNode[]) {
      const id = d.id as AstNode;
      if (id.type === 'Identifier' && exported.has(id.name as string)) locals.add(id.name as string);
    }
  }
  return locals;
}

/**
 * Whether a top-level statement only declares left-out values: a variable declaration (exported
 * or not) all of whose names are locals of left-out exports, or a left-out default export.
 */
function declaresOnly(statement: AstNode, locals: ReadonlySet<string>, leftOut: ReadonlySet<string>): boolean {
  if (statement.type === 'ExportDefaultDeclaration') return leftOut.has('default');
  const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
  if (declaration?.type !== 'VariableDeclaration') return false;
  return (declaration.declarations as AstNode[]).every((d) => (d.id as AstNode).type === 'Identifier' && locals.has((d.id as AstNode).name as string));
}

/**
 * What the scanned modules read from the site configuration, without the declarations of the
 * exports `leftOut` names. What such a declaration shares with the module's other statements
 * (a top-level alias, a helper) stays counted. `env`: the environment of a bundle without tooling,
 * which reads a path given to forEnvironment() only at its own member (a bundle with tooling, whole).
 */
export async function siteUseOf(scan: SiteScan, leftOut: LeftOut = () => undefined, kept = keptSiteFacts(undefined), env?: string): Promise<SiteUse> {
  if (scan === 'all') return 'all';
  const used = new Set<string>();
  const all = await Promise.all(
    scan.map((module) => {
      const out = [...(leftOut(module.file) ?? [])].sort();
      const key = kept.key(scanningTools(), 'reads', [...module.names].sort(), out, module.source);
      return kept.memo(key, async () => factsOf(moduleReads(await module.program(), module.names, new Set(out))));
    }),
  );
  for (const reads of all) {
    if (reads === 'all') return 'all';
    for (const path of reads) used.add(forBundle(path, env));
  }
  return used;
}

/** A path as a bundle reads it: a forEnvironment() path at `env` (a bundle without tooling), else whole. */
function forBundle(path: string, env: string | undefined): string {
  if (!path.endsWith(`.${EACH_ENV}`)) return path;
  const record = path.slice(0, -EACH_ENV.length - 1);
  return env === undefined ? record : `${record}.${env}`;
}

function moduleReads(program: AstNode, names: Set<string>, out: ReadonlySet<string>): SiteUse {
  const locals = localNames(program, out);
  const kept = out.size ? { ...program, body: (program.body as AstNode[]).filter((statement) => !declaresOnly(statement, locals, out)) } : program;
  const reads = new Set<string>();
  return usesIn(kept, names, reads) ? 'all' : reads;
}

/** Ranges of the configuration object's properties that no used path reaches. */
function unusedRanges(js: string, object: AstNode, prefix: string, use: ReadonlySet<string>, out: [number, number][]): void {
  const props = object.properties as AstNode[];
  props.forEach((prop, i) => {
    const name = keyName(prop);
    if (name === undefined) return;
    const path = prefix ? `${prefix}.${name}` : name;
    const wholeUsed = [...use].some((u) => path === u || path.startsWith(`${u}.`));
    if (wholeUsed) return;
    const below = [...use].some((u) => u.startsWith(`${path}.`));
    const value = prop.value as AstNode;
    if (below && value.type === 'ObjectExpression') unusedRanges(js, value, path, use, out);
    else if (!below) out.push(propertyRange(js, props, i));
  });
}

/** Top-level names the module exports (`export const x` or `export { x }`). */
function exportedNames(program: AstNode): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    for (const spec of (statement.specifiers as AstNode[]) ?? []) names.add((spec.local as AstNode).name as string);
    const declaration = statement.declaration as AstNode | null;
    if (declaration?.type === 'VariableDeclaration') for (const d of declaration.declarations as AstNode[]) names.add((d.id as AstNode).name as string);
  }
  return names;
}

/** The site configuration module (as JavaScript) with its exported objects cut to what is used. */
export function pruneSiteConfig(js: string, use: SiteUse): string {
  if (use === 'all') return js;
  const program = parseModule(js);
  const exported = exportedNames(program);
  const ranges: [number, number][] = [];
  for (const statement of program.body as AstNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as AstNode[]) {
      const init = d.init as AstNode | null;
      if (init?.type === 'ObjectExpression' && exported.has((d.id as AstNode).name as string)) unusedRanges(js, init, '', use, ranges);
    }
  }
  return blankRanges(js, ranges);
}
