import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, sep } from 'node:path';
import { parse } from 'acorn';
import type { Options } from '@swc/core';
import { rel, type Project } from '../../project';
import type { Loaded, LoadResult } from '../1-load';

// A content hash per declaration (rule, data element, schema): over the code of that one export
// of its own module (the top-level statements it reaches, types and comments removed, whitespace
// minified) and over the hashes of the project bindings that code imports, each computed the
// same way, recursively. So a change in custom code, or in a helper module's binding that a
// declaration uses directly or through other helpers, changes its hash, and nothing else does;
// sibling exports of one module hash apart. The runtime (runtime/) and packages are the tool's,
// not the declaration's: their imports count by name only. Bindings that import each other in a
// cycle share one hash over all of them.
//
// Each project module is read, stripped of its types by swc (in this process, no bundler run)
// and parsed once however many declarations use it: at 5,000 rules, bundling each declaration
// with the helpers it imports cost 6-7 s of esbuild.

/** The key of a loaded declaration in the hash map. */
export const declarationKey = (d: Pick<Loaded<unknown>, 'file' | 'exportName'>): string => `${d.file}#${d.exportName}`;

/** Modules stripped at once (swc works on Node's thread pool). The order changes no hash. */
const BATCH = 256;

/** The whole module: a namespace, side-effect or dynamic import, `export * as`. */
const ALL = '*';

/** TypeScript to JavaScript: types and comments out, whitespace minified; names and syntax kept as written. */
const STRIP: Options = {
  isModule: true,
  swcrc: false,
  configFile: false,
  minify: true,
  jsc: { target: 'es2022', parser: { syntax: 'typescript' }, minify: { compress: false, mangle: false, format: { comments: false } } },
};

interface Import {
  source: string;
  /** The binding it names in that module (ALL for a namespace). */
  name: string;
}

/** One top-level statement of a module: its text, and the top-level names it refers to. */
interface Statement {
  text: string;
  refs: Set<string>;
  /** Sources it imports dynamically (`import('./x')`): the whole module counts. */
  dynamic: string[];
}

/** A project module as the hash reads it. */
interface Module {
  statements: Statement[];
  /** Statements every binding of the module keeps (side effects, side-effect imports). */
  always: number[];
  /** Top-level name -> the statement declaring it. */
  declared: Map<string, number>;
  /** Local name -> what it imports. */
  imports: Map<string, Import>;
  /** Exported name -> the local name it exports (or the statement, for `export default <expression>`). */
  exports: Map<string, string | number>;
  /** Exported name -> re-exported binding (`export { a as b } from`, `export * as b from`). */
  reexports: Map<string, Import>;
  /** `export * from` sources. */
  starFrom: string[];
  /** A module that cannot be parsed (or is not code): its text counts whole. */
  raw?: string;
}

type AstNode = { type: string; start: number; end: number; [field: string]: unknown };

const isNode = (v: unknown): v is AstNode => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

const nameOf = (n: AstNode): string => (n.type === 'Identifier' ? String(n.name) : String(n.value));

/** Names a statement refers to (over-approximated: scopes are ignored), and the dynamic imports it makes. */
function references(node: unknown, refs: Set<string>, dynamic: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) references(item, refs, dynamic);
    return;
  }
  if (!isNode(node)) return;
  switch (node.type) {
    case 'Identifier':
      refs.add(String(node.name));
      return;
    case 'MemberExpression':
      references(node.object, refs, dynamic);
      if (node.computed) references(node.property, refs, dynamic);
      return;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
      if (node.computed) references(node.key, refs, dynamic);
      references(node.value, refs, dynamic);
      return;
    case 'ImportExpression': {
      const source = node.source;
      if (isNode(source) && source.type === 'Literal' && typeof source.value === 'string') dynamic.push(source.value);
      references(source, refs, dynamic);
      return;
    }
    default:
      for (const field in node) {
        const value = node[field];
        if (typeof value === 'object' && value !== null) references(value, refs, dynamic);
      }
  }
}

/** Names a declaration (or pattern) binds at the top level. */
function declaredNames(node: AstNode | null | undefined, out: string[] = []): string[] {
  if (!node) return out;
  switch (node.type) {
    case 'Identifier':
      out.push(String(node.name));
      break;
    case 'VariableDeclaration':
      for (const d of node.declarations as AstNode[]) declaredNames(d.id as AstNode, out);
      break;
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      if (node.id) declaredNames(node.id as AstNode, out);
      break;
    case 'ObjectPattern':
      for (const p of node.properties as AstNode[]) declaredNames((p.type === 'RestElement' ? p.argument : p.value) as AstNode, out);
      break;
    case 'ArrayPattern':
      for (const e of node.elements as (AstNode | null)[]) declaredNames(e, out);
      break;
    case 'RestElement':
      declaredNames(node.argument as AstNode, out);
      break;
    case 'AssignmentPattern':
      declaredNames(node.left as AstNode, out);
      break;
  }
  return out;
}

/** A module's JavaScript (types already stripped) as top-level statements, imports and exports. */
export function readModule(code: string): Module {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: AstNode[] };
  const m: Module = { statements: [], always: [], declared: new Map(), imports: new Map(), exports: new Map(), reexports: new Map(), starFrom: [] };
  for (const node of program.body) {
    const index = m.statements.length;
    const refs = new Set<string>();
    const dynamic: string[] = [];
    const text = code.slice(node.start, node.end);
    if (node.type === 'ImportDeclaration') {
      const source = String((node.source as AstNode).value);
      const specifiers = node.specifiers as AstNode[];
      for (const s of specifiers) {
        const name = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? ALL : nameOf(s.imported as AstNode);
        m.imports.set(nameOf(s.local as AstNode), { source, name });
      }
      // A side-effect import runs the whole module for every binding.
      if (!specifiers.length) {
        m.statements.push({ text, refs, dynamic });
        m.always.push(index);
        m.reexports.set(`\0side-effect ${index}`, { source, name: ALL });
      }
      continue;
    }
    if (node.type === 'ExportAllDeclaration') {
      const source = String((node.source as AstNode).value);
      if (node.exported) m.reexports.set(nameOf(node.exported as AstNode), { source, name: ALL });
      else m.starFrom.push(source);
      continue;
    }
    if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      const source = node.source ? String((node.source as AstNode).value) : undefined;
      for (const s of node.specifiers as AstNode[]) {
        const local = nameOf(s.local as AstNode);
        const exported = nameOf(s.exported as AstNode);
        if (source !== undefined) m.reexports.set(exported, { source, name: local });
        else m.exports.set(exported, local);
      }
      continue;
    }
    references(node, refs, dynamic);
    m.statements.push({ text, refs, dynamic });
    if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration') {
      const declaration = node.declaration as AstNode;
      const names = declaredNames(declaration);
      for (const name of names) m.declared.set(name, index);
      if (node.type === 'ExportNamedDeclaration') for (const name of names) m.exports.set(name, name);
      else m.exports.set('default', index);
    } else {
      const names = declaredNames(node);
      for (const name of names) m.declared.set(name, index);
      // Top-level code that declares nothing (a call, an assignment) is a side effect: every binding keeps it.
      if (!names.length) m.always.push(index);
    }
  }
  return m;
}

/**
 * The code of one binding of a module: the top-level statements it reaches (in the module's
 * order) and the imports they use, as (source, name) pairs.
 */
export function bindingCode(m: Module, name: string): { text: string; uses: Import[] } {
  if (m.raw !== undefined) return { text: m.raw, uses: [] };
  const keep = new Set<number>(m.always);
  const uses: Import[] = [];
  const usedImports = new Set<string>();
  const lines: string[] = [];
  const queue: string[] = [];
  if (name === ALL) {
    m.statements.forEach((_, i) => keep.add(i));
    for (const [exported, local] of m.exports) lines.push(`export ${exported} = ${typeof local === 'number' ? `#${local}` : local}`);
    for (const [exported, r] of m.reexports) uses.push(r), lines.push(`export ${exported} from ${r.source} ${r.name}`);
    for (const source of m.starFrom) uses.push({ source, name: ALL }), lines.push(`export * from ${source}`);
  } else {
    const local = m.exports.get(name);
    const re = m.reexports.get(name);
    if (typeof local === 'number') keep.add(local);
    else if (local !== undefined) queue.push(local);
    else if (re) uses.push(re), lines.push(`export ${name} from ${re.source} ${re.name}`);
    // Not exported here: whichever `export * from` module has it.
    else for (const source of m.starFrom) uses.push({ source, name }), lines.push(`export ${name} from ${source} *`);
    if (local !== undefined) lines.push(`export ${name} = ${typeof local === 'number' ? `#${local}` : local}`);
    for (const [key, r] of m.reexports) if (key.startsWith('\0')) uses.push(r);
  }
  for (const i of keep) queue.push(...m.statements[i].refs);
  for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
    const declared = m.declared.get(ref);
    if (declared !== undefined) {
      if (!keep.has(declared)) {
        keep.add(declared);
        queue.push(...m.statements[declared].refs);
      }
    } else if (!usedImports.has(ref) && m.imports.has(ref)) usedImports.add(ref);
  }
  if (name === ALL) for (const local of m.imports.keys()) usedImports.add(local);
  for (const local of [...usedImports].sort()) {
    const imported = m.imports.get(local)!;
    uses.push(imported);
    lines.push(`import ${imported.name} as ${local} from ${imported.source}`);
  }
  const kept = [...keep].sort((a, b) => a - b).map((i) => m.statements[i]);
  for (const s of kept) for (const source of s.dynamic) uses.push({ source, name: ALL });
  return { text: `${lines.join('\n')}\n${kept.map((s) => s.text).join('\n')}`, uses };
}

const CODE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx']);
const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.js', '/index.ts', '/index.tsx'];

export async function declarationHashes(p: Project, load: LoadResult, batch: number = BATCH): Promise<Map<string, string>> {
  const { transform } = await import('@swc/core');
  const runtime = join(p.root, 'runtime') + sep;
  const isFile = (f: string) => {
    try {
      return statSync(f).isFile();
    } catch {
      return false;
    }
  };
  const resolved = new Map<string, string | null>();
  /** The project module an import names, or null for the runtime, packages and files outside the project. */
  const projectModule = (from: string, source: string): string | null => {
    if (!source.startsWith('.') && !isAbsolute(source)) return null;
    const base = isAbsolute(source) ? source : join(dirname(from), source);
    let abs = resolved.get(base);
    if (abs !== undefined) return abs;
    const file = CANDIDATES.map((e) => base + e).find(isFile) ?? (base.endsWith('.js') && isFile(`${base.slice(0, -3)}.ts`) ? `${base.slice(0, -3)}.ts` : undefined);
    abs = file && file.startsWith(p.root + sep) && !file.startsWith(runtime) && !file.includes(`${sep}node_modules${sep}`) ? file : null;
    resolved.set(base, abs);
    return abs;
  };

  const modules = new Map<string, Module>();
  const readModules = async (files: string[]) => {
    for (let start = 0; start < files.length; start += batch) {
      const read = await Promise.all(
        files.slice(start, start + batch).map(async (abs): Promise<[string, Module]> => {
          // Read synchronously: small files, and the promise API cost four round trips each.
          const source = readFileSync(abs, 'utf8');
          const raw: Module = { statements: [], always: [], declared: new Map(), imports: new Map(), exports: new Map(), reexports: new Map(), starFrom: [], raw: source };
          if (!CODE.has(extname(abs))) return [abs, raw];
          try {
            const options = { ...STRIP, jsc: { ...STRIP.jsc, parser: { syntax: 'typescript' as const, tsx: extname(abs).endsWith('x') } } };
            return [abs, readModule((await transform(source, options)).code)];
          } catch {
            // A module that does not parse fails the build elsewhere; its text stands for its hash.
            return [abs, raw];
          }
        }),
      );
      for (const [abs, m] of read) modules.set(abs, m);
    }
  };

  // Bindings: `<path from the root>#<export>`, independent of where the project lives.
  const outputs = new Map<string, string>();
  const deps = new Map<string, string[]>();
  const declarations = [...load.rules, ...load.schemas, ...load.dataElements].map((d) => ({ d, abs: d.abs, key: `${rel(p, d.abs)}#${d.exportName}` }));
  let pending: { abs: string; name: string; key: string }[] = declarations.map(({ abs, d, key }) => ({ abs, name: d.exportName, key }));
  const queued = new Set(pending.map((b) => b.key));
  // Rounds: the declarations, then the project bindings they import, and so on.
  while (pending.length) {
    await readModules([...new Set(pending.map((b) => b.abs))].filter((abs) => !modules.has(abs)));
    const next: typeof pending = [];
    for (const b of pending) {
      const { text, uses } = bindingCode(modules.get(b.abs)!, b.name);
      const keys = new Set<string>();
      for (const use of uses) {
        const abs = projectModule(b.abs, use.source);
        if (!abs) continue;
        const key = `${rel(p, abs)}#${use.name}`;
        keys.add(key);
        if (!queued.has(key)) {
          queued.add(key);
          next.push({ abs, name: use.name, key });
        }
      }
      outputs.set(b.key, text);
      deps.set(b.key, [...keys].sort());
    }
    pending = next;
  }

  const full = bindingHashes(outputs, deps);
  const hashes = new Map<string, string>();
  for (const { d, key } of declarations) {
    const h = full.get(key);
    if (h) hashes.set(declarationKey(d), h.slice(0, 16));
  }
  return hashes;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The hash of every binding: over its own code and its imports' hashes (sorted by key). The
 * bindings of one import cycle (a strongly connected component, Tarjan's algorithm) share a hash
 * over all their code and the hashes of what the cycle imports from outside it, each member's
 * then told apart by its key; so the result does not depend on the order bindings are visited.
 */
export function bindingHashes(outputs: ReadonlyMap<string, string>, deps: ReadonlyMap<string, readonly string[]>): Map<string, string> {
  const hashes = new Map<string, string>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  const visit = (key: string): void => {
    index.set(key, counter);
    low.set(key, counter++);
    stack.push(key);
    onStack.add(key);
    for (const dep of deps.get(key) ?? []) {
      if (!outputs.has(dep)) continue;
      if (!index.has(dep)) {
        visit(dep);
        low.set(key, Math.min(low.get(key)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(key, Math.min(low.get(key)!, index.get(dep)!));
    }
    if (low.get(key) !== index.get(key)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== key);
    const inside = new Set(members);
    const cyclic = members.length > 1 || (deps.get(key) ?? []).includes(key);
    const outside = (k: string) => (deps.get(k) ?? []).filter((d) => !inside.has(d)).map((d) => `${d}=${hashes.get(d) ?? 'missing'}\n`);
    if (!cyclic) {
      hashes.set(key, sha256(`${outputs.get(key)}\0${outside(key).join('')}`));
      return;
    }
    members.sort();
    const shared = sha256(members.map((k) => `${k}\0${outputs.get(k)}\0${outside(k).join('')}\0`).join(''));
    for (const k of members) hashes.set(k, sha256(`${shared}\0${k}`));
  };
  for (const key of [...outputs.keys()].sort()) if (!index.has(key)) visit(key);
  return hashes;
}
