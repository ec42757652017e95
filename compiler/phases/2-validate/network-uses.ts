import { readFileSync } from 'node:fs';
import { SyntaxKind, type Node, type SourceFile } from 'typescript/unstable/ast';
import { staticImports } from './static-imports';

// What the network proof looks for in one source file (TypeScript 7 AST): the ways code can make
// a request without the egress point, and the `runtime.send(...)` calls that go through it.

export interface Located {
  /** Offset of the node's first token. */
  pos: number;
}

export interface NetworkUse extends Located {
  what: string;
  /** A computed-key assignment: a use only if this object can have a src/href (the checker decides). */
  object?: Node;
}

export interface SendCall extends Located {
  /** The category literal, undefined when not a string literal. */
  category?: string;
  /** The URL's literal text up to its first substitution, when it starts with a literal. */
  url?: string;
  /** `sends` of the action object literal the call is written in, when literal. */
  actionSends?: string;
}

type Named = Node & { text: string };
type Access = Node & { expression: Node; name: Named };
type Element = Node & { expression: Node; argumentExpression: Node };
type Call = Node & { expression: Node; arguments: readonly Node[] };
type Binary = Node & { left: Node; operatorToken: Node; right: Node };
type Property = Node & { name: Node; initializer: Node };
type Template = Node & { head: Named };
/** An expression around another: parentheses, `!`, a type assertion, a spread. */
type Wrapper = Node & { expression: Node };
/** Records a way around the egress point found at `at` (with `object`: only if it can have a src, href or innerHTML). */
type Report = (at: Node, what: string, object?: Node) => void;

/** APIs that send by themselves, by the name they are reached under (global, member or alias). */
const SENDERS: Record<string, string> = {
  fetch: 'calls fetch()',
  XMLHttpRequest: 'uses XMLHttpRequest',
  sendBeacon: 'calls navigator.sendBeacon()',
  Image: 'creates an image request (new Image)',
  WebSocket: 'opens a WebSocket',
  EventSource: 'opens an EventSource',
  importScripts: 'calls importScripts()',
};
/** Elements that fetch their URL. */
const FETCHING = new Set(['script', 'img', 'iframe', 'link', 'image', 'frame', 'embed', 'object', 'audio', 'video', 'source']);
/** Properties whose assignment makes a request (or writes markup that can). */
const URL_PROPS: Record<string, string> = { src: "assigns an element's src", href: 'assigns an href', srcset: "assigns an element's srcset", data: "assigns an object's data", action: "assigns a form's action", innerHTML: 'writes HTML (innerHTML)', outerHTML: 'writes HTML (outerHTML)' };
const HTML_CALLS: Record<string, string> = { write: 'writes HTML with document.write()', writeln: 'writes HTML with document.writeln()', insertAdjacentHTML: 'inserts HTML (insertAdjacentHTML)', createContextualFragment: 'parses HTML (createContextualFragment)' };
const GLOBALS = new Set(['window', 'globalThis', 'self', 'document', 'navigator', 'win', 'top', 'parent', 'frames']);
const ELEMENT_CALLS = ['createElement', 'createElementNS', 'setAttribute', 'setAttributeNS'];
/**
 * Calls that set an object's properties by name, a way to an element's src or href without `=`,
 * by method and the object it must be called on (`Reflect.set`, not `map.set`).
 */
const PROPERTY_SETTERS: Record<string, { owner: string; what: string }> = {
  assign: { owner: 'Object', what: 'sets properties with Object.assign() on an object that has a src, href or innerHTML' },
  defineProperty: { owner: 'Object', what: 'defines a property of an object that has a src, href or innerHTML' },
  defineProperties: { owner: 'Object', what: 'defines properties of an object that has a src, href or innerHTML' },
  set: { owner: 'Reflect', what: 'sets a property with Reflect.set() on an object that has a src, href or innerHTML' },
};
/** The word of each setter's call the prefilter looks for: the method's name, but `Reflect` for `set`, which every Map has. */
const SETTER_WORDS = Object.entries(PROPERTY_SETTERS).map(([name, { owner }]) => (owner === 'Reflect' ? owner : name));

/** Comments that may stand between two tokens. */
const GAP = String.raw`\s*(?:\/\*[^]*?\*\/\s*|\/\/[^\n]*\n\s*)*`;
/**
 * What the text of a node that the walk reports must hold: a name the walk looks for, as a whole
 * word; `import (` (a dynamic import); `] =`, `) =`, `} =` (with `+=` and `!`: an assignment to a
 * computed member, to a target in parentheses or by destructuring); or a backslash, since an
 * escape can spell a name its text does not (`\u0066etch`, 'f\etch'). Each report is made at a
 * node whose own text holds such a match (a match holds no token but its own: between `]` and
 * `=`, or `import` and `(`, only comments and `!`), so the walk enters only the subtrees
 * whose text overlaps one: the rest of the tree, usually most of it, is never decoded on the
 * compiler's thread, which was the proof's cost there. Most modules hold no match at all (76 of
 * the container's 109, every synthetic rule at 5,000 rules). Extra matches only cost a walk.
 */
const MAY_REACH = new RegExp(
  [
    String.raw`\b(?:${[...Object.keys(SENDERS), ...Object.keys(URL_PROPS), ...Object.keys(HTML_CALLS), ...GLOBALS, ...ELEMENT_CALLS, ...SETTER_WORDS, 'send'].join('|')})\b`,
    String.raw`\bimport${GAP}\(`,
    // An assignment to `o[k]`, to a target in parentheses (`(o[k] as T) = v`), or by destructuring.
    String.raw`[\])}]${GAP}!?${GAP}\+?=(?![=>])`,
    String.raw`\\`,
  ].join('|'),
  'g',
);

const MAY_REACH_ONCE = new RegExp(MAY_REACH.source);

/** Whether a file's text holds a match of MAY_REACH: without one, scanFile finds nothing in it. */
export const mayReach = (text: string): boolean => MAY_REACH_ONCE.test(text);

/** The [start, end) ranges of the file's text that MAY_REACH matches, in order, flattened. */
function reachRanges(sf: SourceFile): number[] {
  const text = sf.text;
  // Node positions index the text as a JavaScript string; were they ever another unit, walk it all.
  if (sf.end !== text.length) return [0, Infinity];
  const out: number[] = [];
  for (const m of text.matchAll(MAY_REACH)) out.push(m.index, m.index + m[0].length);
  return out;
}

/** Whether [pos, end) overlaps one of the ranges (binary search for the first range ending after pos). */
function overlaps(ranges: readonly number[], pos: number, end: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[2 * mid + 1] > pos) hi = mid;
    else lo = mid + 1;
  }
  return lo < ranges.length / 2 && ranges[2 * lo] < end;
}

const text = (n: Node | undefined): string | undefined =>
  n && (n.kind === SyntaxKind.StringLiteral || n.kind === SyntaxKind.NoSubstitutionTemplateLiteral) ? (n as Named).text : undefined;

/** The member name of `a.b` / `a['b']`, or undefined. */
function memberName(n: Node): string | undefined {
  if (n.kind === SyntaxKind.PropertyAccessExpression) return (n as Access).name.text;
  if (n.kind === SyntaxKind.ElementAccessExpression) return text((n as Element).argumentExpression);
  return undefined;
}

/** Visits `n` and, in source order, each node under it whose text overlaps one of the ranges. */
function walk(n: Node, ranges: readonly number[], visit: (n: Node) => void): void {
  visit(n);
  n.forEachChild((c) => {
    if (overlaps(ranges, c.pos, c.end)) walk(c, ranges, visit);
    return undefined;
  });
}

/** An identifier that reads a value (not a property name, a declaration's name or an import). */
function isValueReference(n: Node): boolean {
  const p = n.parent;
  if (!p) return true;
  switch (p.kind) {
    case SyntaxKind.PropertyAccessExpression:
      return (p as Access).name !== n;
    case SyntaxKind.PropertyAssignment:
    case SyntaxKind.MethodDeclaration:
    case SyntaxKind.PropertyDeclaration:
    case SyntaxKind.PropertySignature:
    case SyntaxKind.MethodSignature:
    case SyntaxKind.GetAccessor:
    case SyntaxKind.SetAccessor:
      return (p as Property).name !== n;
    case SyntaxKind.ImportSpecifier:
    case SyntaxKind.ExportSpecifier:
    case SyntaxKind.ImportClause:
    case SyntaxKind.NamespaceImport:
    case SyntaxKind.FunctionDeclaration:
    case SyntaxKind.ClassDeclaration:
    case SyntaxKind.InterfaceDeclaration:
    case SyntaxKind.TypeAliasDeclaration:
    case SyntaxKind.Parameter:
    case SyntaxKind.VariableDeclaration:
    case SyntaxKind.BindingElement:
      return (p as Property).name !== n;
    case SyntaxKind.TypeReference:
    case SyntaxKind.TypeQuery:
    case SyntaxKind.QualifiedName:
      return false;
    default:
      return true;
  }
}

/** A way `n` reaches the network around the egress point, if it is one. */
function networkUse(n: Node, add: Report): void {
  switch (n.kind) {
    case SyntaxKind.Identifier: {
      const name = (n as Named).text;
      if (Object.hasOwn(SENDERS, name) && isValueReference(n)) add(n, SENDERS[name]);
      break;
    }
    case SyntaxKind.PropertyAccessExpression:
    case SyntaxKind.ElementAccessExpression: {
      const name = memberName(n);
      if (name !== undefined && Object.hasOwn(SENDERS, name)) add(n, SENDERS[name]);
      // window[name]: a computed member of a global can be any of the above.
      if (name === undefined && n.kind === SyntaxKind.ElementAccessExpression) {
        const obj = (n as Element).expression;
        const objName = obj.kind === SyntaxKind.Identifier ? (obj as Named).text : memberName(obj);
        if (objName && GLOBALS.has(objName)) add(n, `reads a computed member of ${objName}`);
      }
      break;
    }
    case SyntaxKind.CallExpression: {
      const call = n as Call;
      const name = memberName(call.expression);
      const arg = call.arguments[0];
      if (name === 'createElement' || name === 'createElementNS') {
        const tag = text(call.arguments[name === 'createElementNS' ? 1 : 0])?.toLowerCase();
        if (tag === undefined) add(n, `calls ${name}() with a computed tag name`);
        else if (FETCHING.has(tag)) add(n, `creates a <${tag}> element`);
      } else if (name === 'setAttribute' || name === 'setAttributeNS') {
        const attr = text(call.arguments[name === 'setAttributeNS' ? 1 : 0])?.toLowerCase();
        if (attr === undefined) add(n, `calls ${name}() with a computed attribute name`);
        else if (Object.hasOwn(URL_PROPS, attr) || attr === 'xlink:href' || attr === 'srcdoc') add(n, `sets an element's ${attr} attribute`);
      } else if (name !== undefined && Object.hasOwn(HTML_CALLS, name)) add(n, HTML_CALLS[name]);
      else if (call.expression.kind === SyntaxKind.ImportKeyword && text(arg) === undefined) add(n, 'imports a module by a computed URL');
      else if (name !== undefined && call.expression.kind === SyntaxKind.PropertyAccessExpression && Object.hasOwn(PROPERTY_SETTERS, name)) propertySetter(call, name, add);
      break;
    }
    case SyntaxKind.BinaryExpression: {
      const b = n as Binary;
      const op = b.operatorToken.kind;
      if (op !== SyntaxKind.EqualsToken && op !== SyntaxKind.PlusEqualsToken) break;
      for (const target of assignedTargets(b.left)) assignedMember(target, n, add);
      break;
    }
  }
}

const COMPUTED_ASSIGNMENT = 'assigns a computed property of an object that has a src, href or innerHTML';

/** An assignment to `o.src` (a use), or to `o[k]` (a use if o can have a src: the checker decides). */
function assignedMember(target: Node, at: Node, add: Report): void {
  const name = memberName(target);
  if (name !== undefined && Object.hasOwn(URL_PROPS, name)) add(at, URL_PROPS[name]);
  else if (name === undefined && target.kind === SyntaxKind.ElementAccessExpression) add(at, COMPUTED_ASSIGNMENT, (target as Element).expression);
}

/** Nodes that only wrap an expression: parentheses, `!`, type assertions. */
const WRAPPERS = new Set([SyntaxKind.ParenthesizedExpression, SyntaxKind.NonNullExpression, SyntaxKind.AsExpression, SyntaxKind.SatisfiesExpression, SyntaxKind.TypeAssertionExpression]);

function unwrapped(n: Node): Node {
  while (WRAPPERS.has(n.kind)) n = (n as Wrapper).expression;
  return n;
}

/**
 * What an assignment writes to: its target, or each target of a destructuring pattern. A target
 * with a default (`[o.src = u] = []`) is an assignment of its own, which the walk visits itself.
 */
function assignedTargets(left: Node, out: Node[] = []): Node[] {
  const t = unwrapped(left);
  if (t.kind !== SyntaxKind.ArrayLiteralExpression && t.kind !== SyntaxKind.ObjectLiteralExpression) {
    out.push(t);
    return out;
  }
  t.forEachChild((c) => {
    if (c.kind === SyntaxKind.SpreadElement || c.kind === SyntaxKind.SpreadAssignment) assignedTargets((c as Wrapper).expression, out);
    else if (c.kind === SyntaxKind.PropertyAssignment) assignedTargets((c as Property).initializer, out);
    else if (c.kind !== SyntaxKind.BinaryExpression && c.kind !== SyntaxKind.ShorthandPropertyAssignment && c.kind !== SyntaxKind.OmittedExpression) assignedTargets(c, out);
    return undefined;
  });
  return out;
}

/** Whether an object literal's property name is (or, computed, may be) one whose assignment makes a request. */
function mayNameUrlProp(key: Node | undefined): boolean {
  const name = key && (key.kind === SyntaxKind.Identifier || key.kind === SyntaxKind.StringLiteral || key.kind === SyntaxKind.NoSubstitutionTemplateLiteral || key.kind === SyntaxKind.NumericLiteral) ? (key as Named).text : undefined;
  return name === undefined || Object.hasOwn(URL_PROPS, name);
}

/** Whether an object given to Object.assign()/defineProperties() may hold such a property: any but a literal without one. */
function mayHoldUrlProp(o: Node | undefined): boolean {
  const literal = o && unwrapped(o);
  if (!literal || literal.kind !== SyntaxKind.ObjectLiteralExpression) return true;
  let found = false;
  literal.forEachChild((c) => {
    found ||= c.kind === SyntaxKind.SpreadAssignment || mayNameUrlProp((c as Property).name);
    return undefined;
  });
  return found;
}

/** `Object.assign(o, …)`, `Object.defineProperty(o, k, …)`, `Object.defineProperties(o, …)`, `Reflect.set(o, k, …)` that may set a src or href of o. */
function propertySetter(call: Call, name: string, add: Report): void {
  const owner = (call.expression as Access).expression;
  const [target, ...rest] = call.arguments;
  const setter = PROPERTY_SETTERS[name];
  if (!target || owner.kind !== SyntaxKind.Identifier || (owner as Named).text !== setter.owner) return;
  const key = text(rest[0]); // the key argument: a string literal, else computed
  const may = name === 'assign' || name === 'defineProperties' ? rest.some(mayHoldUrlProp) : key === undefined || Object.hasOwn(URL_PROPS, key);
  if (may) add(call, setter.what, target);
}

/** The nearest enclosing object literal's `sends: '<literal>'`, if any. */
function enclosingSends(n: Node): string | undefined {
  for (let p = n.parent; p; p = p.parent) {
    if (p.kind !== SyntaxKind.ObjectLiteralExpression) continue;
    let found: string | undefined;
    p.forEachChild((c) => {
      if (c.kind === SyntaxKind.PropertyAssignment) {
        const prop = c as Property;
        const key = prop.name.kind === SyntaxKind.Identifier || prop.name.kind === SyntaxKind.StringLiteral ? (prop.name as Named).text : undefined;
        if (key === 'sends') found = text(prop.initializer);
      }
      return undefined;
    });
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `n` if it is a `….runtime.send(category, url, …)` / `runtime.send(…)` call. */
function sendCall(n: Node, sf: SourceFile, out: SendCall[]): void {
  if (n.kind !== SyntaxKind.CallExpression) return;
  const call = n as Call;
  if (memberName(call.expression) !== 'send') return;
  const target = (call.expression as Access).expression;
  const targetName = target.kind === SyntaxKind.Identifier ? (target as Named).text : memberName(target);
  if (targetName !== 'runtime') return;
  const [category, url] = call.arguments;
  const urlText = text(url) ?? (url?.kind === SyntaxKind.TemplateExpression ? (url as Template).head.text : undefined);
  out.push({ pos: n.getStart(sf), category: text(category), url: urlText, actionSends: enclosingSends(n) });
}

/**
 * What the proof reads in a file, in one walk of its tree (each node the API hands over is
 * decoded on the compiler's thread, which the build's longest path runs on; a walk for each
 * decoded every file twice): the ways it reaches the network around the egress point and its
 * `runtime.send` calls, each in source order.
 */
export function scanFile(sf: SourceFile): { uses: NetworkUse[]; sends: SendCall[] } {
  const uses: NetworkUse[] = [];
  const sends: SendCall[] = [];
  const ranges = reachRanges(sf);
  if (!ranges.length) return { uses, sends };
  const add = (at: Node, what: string, object?: Node) => uses.push({ pos: at.getStart(sf), what, ...(object ? { object } : {}) });
  walk(sf, ranges, (n) => {
    networkUse(n, add);
    sendCall(n, sf, sends);
  });
  return { uses, sends };
}

/** The module specifiers a file imports (literal ones). */
export function importsOf(sf: SourceFile): string[] {
  const out: string[] = [];
  for (const n of sf.imports) if (n.kind === SyntaxKind.StringLiteral || n.kind === SyntaxKind.NoSubstitutionTemplateLiteral) out.push((n as Node & { text: string }).text);
  return out;
}

const REFERENCE = /^\s*\/\/\/\s*<reference\b/m;

/**
 * A file's imports from its text, when it holds nothing the scan could report (`mayReach` says
 * no: scanFile would find nothing in it) and the text tells them with certainty (static-imports.ts): a `.ts` file in UTF-8
 * without a triple-slash reference (whose file TypeScript would load too).
 * Otherwise undefined, and the proof fetches the file's tree.
 */
export function importsWithoutTree(abs: string): string[] | undefined {
  if (!/\.[cm]?ts$/.test(abs)) return undefined;
  const bytes = readFileSync(abs);
  // A UTF-16 text (TypeScript reads it by its byte-order mark) is not read here.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return undefined;
  const text = bytes.toString('utf8');
  // A triple-slash reference brings a file into TypeScript's program that the imports do not name.
  return mayReach(text) || REFERENCE.test(text) ? undefined : staticImports(text);
}
