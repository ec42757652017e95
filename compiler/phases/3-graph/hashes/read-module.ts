// A project module as the declaration hashes read it (./index.ts): its top-level statements, what
// each declares and refers to, and its imports and exports. The code is JavaScript already: swc
// has stripped the types; swc's tree of it is read (compiler/swc-syntax.ts).
import { asSwcNode, type Parsed, type SwcNode } from '../../../swc-syntax';

/** The whole module: a namespace, side-effect or dynamic import, `export * as`. */
export const ALL = '*';

export interface Import {
  source: string;
  /** The binding it names in that module (ALL for a namespace). */
  name: string;
}

/** One top-level statement of a module: its text, and the top-level names it refers to. */
export interface Statement {
  text: string;
  refs: Set<string>;
  /** Sources it imports dynamically (`import('./x')`): the whole module counts. */
  dynamic: string[];
}

/** A project module as the hash reads it. */
export interface Module {
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

type Name = { type: string; value: string };

const nameOf = (n: unknown): string => (n as Name).value;

/** Fields of a node the walk never enters: positions (swc's `ctxt` is a number). */
const POSITION = 'span';

/** Fields named like properties: their keys are no references unless computed. */
const KEYED = new Set(['KeyValueProperty', 'KeyValuePatternProperty', 'MethodProperty', 'GetterProperty', 'SetterProperty', 'ClassProperty', 'ClassMethod', 'Constructor', 'PrivateProperty', 'PrivateMethod']);

/**
 * Names a statement refers to (over-approximated: scopes are ignored, and binding names count),
 * and the dynamic imports it makes. The names are those an ESTree walk finds (acorn's, which this
 * replaced): every identifier but a member's or a property's static name, `import.meta` as its
 * two words, no private name.
 */
function references(value: unknown, refs: Set<string>, dynamic: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) references(item, refs, dynamic);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = asSwcNode(value);
  const computed = (key: unknown) => (key as { type: string }).type === 'Computed';
  switch (node.type) {
    case 'Identifier':
      refs.add(String(node.value));
      return;
    case 'PrivateName':
      return;
    case 'MetaProperty':
      for (const word of String(node.kind).split('.')) refs.add(word);
      return;
    case 'MemberExpression':
    case 'SuperPropExpression':
      references(node.object ?? node.obj, refs, dynamic);
      if (computed(node.property)) references(node.property, refs, dynamic);
      return;
    case 'AssignmentPatternProperty':
      references(node.key, refs, dynamic);
      references(node.value, refs, dynamic);
      return;
    case 'CallExpression': {
      if ((node.callee as SwcNode).type !== 'Import') break;
      // `import(source, options)`: the source only, as ESTree's ImportExpression.
      const source = ((node.arguments as SwcNode[])[0] as SwcNode | undefined)?.expression as SwcNode | undefined;
      if (source?.type === 'StringLiteral') dynamic.push(String(source.value));
      references(source, refs, dynamic);
      return;
    }
  }
  const keyed = node.type !== undefined && KEYED.has(node.type);
  for (const field in node) {
    if (field === POSITION || (keyed && field === 'key' && !computed(node.key))) continue;
    const child = node[field];
    if (typeof child === 'object' && child !== null) references(child, refs, dynamic);
  }
}

/** Parentheses do not change what a value is (acorn kept none). */
const bare = (node: SwcNode): SwcNode => (node.type === 'ParenthesisExpression' ? bare(node.expression as SwcNode) : node);

/** Names a declaration (or pattern) binds at the top level. */
function declaredNames(node: SwcNode | null | undefined, out: string[] = []): string[] {
  if (!node) return out;
  switch (node.type) {
    case 'Identifier':
      out.push(String(node.value));
      break;
    case 'VariableDeclaration':
      for (const d of node.declarations as SwcNode[]) declaredNames(d.id as SwcNode, out);
      break;
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      declaredNames(node.identifier as SwcNode | null, out);
      break;
    case 'ObjectPattern':
      for (const p of node.properties as SwcNode[]) declaredNames((p.type === 'RestElement' ? p.argument : p.type === 'AssignmentPatternProperty' ? p.key : p.value) as SwcNode, out);
      break;
    case 'ArrayPattern':
      for (const e of node.elements as (SwcNode | null)[]) declaredNames(e, out);
      break;
    case 'RestElement':
      declaredNames(node.argument as SwcNode, out);
      break;
    case 'AssignmentPattern':
      declaredNames(node.left as SwcNode, out);
      break;
  }
  return out;
}

/** What an export statement declares: `export default function f` and `export default f` count `f`, as in ESTree. */
function exportedDeclaration(node: SwcNode): SwcNode | null | undefined {
  if (node.type === 'ExportDeclaration') return node.declaration as SwcNode;
  if (node.type === 'ExportDefaultDeclaration') return (node.decl as SwcNode).identifier as SwcNode | null | undefined;
  return bare(node.expression as SwcNode);
}

/** A module's JavaScript (types already stripped) as top-level statements, imports and exports, from swc's tree of it. */
export function readModule(code: string, { program, index }: Parsed): Module {
  const m: Module = { statements: [], always: [], declared: new Map(), imports: new Map(), exports: new Map(), reexports: new Map(), starFrom: [] };
  for (const item of program.body) {
    const node = asSwcNode(item);
    const index_ = m.statements.length;
    const refs = new Set<string>();
    const dynamic: string[] = [];
    const span = node.span!;
    const text = code.slice(index(span.start), index(span.end));
    const source = node.source ? nameOf(node.source) : undefined;
    if (node.type === 'ImportDeclaration') {
      const specifiers = node.specifiers as SwcNode[];
      for (const s of specifiers) {
        const name = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? ALL : nameOf(s.imported ?? s.local);
        m.imports.set(nameOf(s.local), { source: source!, name });
      }
      // A side-effect import runs the whole module for every binding.
      if (!specifiers.length) {
        m.statements.push({ text, refs, dynamic });
        m.always.push(index_);
        m.reexports.set(`\0side-effect ${index_}`, { source: source!, name: ALL });
      }
      continue;
    }
    if (node.type === 'ExportAllDeclaration') {
      m.starFrom.push(source!);
      continue;
    }
    if (node.type === 'ExportNamedDeclaration') {
      for (const s of node.specifiers as SwcNode[]) {
        // `export * as b from`
        if (s.type === 'ExportNamespaceSpecifier') m.reexports.set(nameOf(s.name), { source: source!, name: ALL });
        if (s.type !== 'ExportSpecifier') continue;
        const local = nameOf(s.orig);
        const exported = nameOf(s.exported ?? s.orig);
        if (source !== undefined) m.reexports.set(exported, { source, name: local });
        else m.exports.set(exported, local);
      }
      continue;
    }
    references(node, refs, dynamic);
    m.statements.push({ text, refs, dynamic });
    const exportDefault = node.type === 'ExportDefaultDeclaration' || node.type === 'ExportDefaultExpression';
    if (node.type === 'ExportDeclaration' || exportDefault) {
      const names = declaredNames(exportedDeclaration(node));
      for (const name of names) m.declared.set(name, index_);
      if (exportDefault) m.exports.set('default', index_);
      else for (const name of names) m.exports.set(name, name);
    } else {
      const names = declaredNames(node);
      for (const name of names) m.declared.set(name, index_);
      // Top-level code that declares nothing (a call, an assignment) is a side effect: every binding keeps it.
      if (!names.length) m.always.push(index_);
    }
  }
  return m;
}

/** A module that cannot be parsed, or is not code: its text counts whole. */
export const rawModule = (raw: string): Module => ({ statements: [], always: [], declared: new Map(), imports: new Map(), exports: new Map(), reexports: new Map(), starFrom: [], raw });
