// A project module as the declaration hashes read it (./index.ts): its top-level statements, what
// each declares and refers to, and its imports and exports. The code is JavaScript already: swc
// has stripped the types.
import { isNode, parseModule, type AstNode } from '../../../js-syntax';

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

/** A module's JavaScript (types already stripped) as top-level statements, imports and exports; `program` when the caller has parsed it already. */
export function readModule(code: string, program: AstNode = parseModule(code)): Module {
  const m: Module = { statements: [], always: [], declared: new Map(), imports: new Map(), exports: new Map(), reexports: new Map(), starFrom: [] };
  for (const node of program.body as AstNode[]) {
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


/** A module that cannot be parsed, or is not code: its text counts whole. */
export const rawModule = (raw: string): Module => ({ statements: [], always: [], declared: new Map(), imports: new Map(), exports: new Map(), reexports: new Map(), starFrom: [], raw });
