import { parse as parseJs } from 'acorn';
import type { LaunchContainer } from './format';

// Reads a published Launch library with a JavaScript parser, never by running it: finds the
// `_satellite.container = {...}` assignment and turns its object literal into data. Functions
// (custom code) stay source text with their place in the file; a value that is not a literal
// becomes an Unreadable marker, so that one odd setting is reported against its rule instead of
// failing the whole import.

/** A function of the library, as source text. */
export interface CodeRef {
  $code: 'function';
  params: string[];
  /** The function's body, without its braces (an arrow's expression becomes `return <expr>;`). */
  body: string;
  line: number;
  column: number;
}

/** A value the importer cannot read statically (a variable, a call...). */
export interface Unreadable {
  $unreadable: string;
  line: number;
  column: number;
}

export type ParsedContainer = LaunchContainer<CodeRef>;

export class LaunchParseError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(`${file}${line ? `:${line}:${column ?? 0}` : ''}: ${message}`);
  }
}

/** An ESTree node as acorn gives it, read loosely (its fields vary by type). */
export interface AnyNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function isCode(v: unknown): v is CodeRef {
  return !!v && typeof v === 'object' && (v as CodeRef).$code === 'function';
}

export function isUnreadable(v: unknown): v is Unreadable {
  return !!v && typeof v === 'object' && typeof (v as Unreadable).$unreadable === 'string';
}

/** Every node below `node`, depth first, stopping where `visit` returns false. */
export function walk(node: unknown, visit: (n: AnyNode) => boolean | void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  const n = node as AnyNode;
  if (typeof n.type !== 'string') return;
  if (visit(n) === false) return;
  for (const [key, value] of Object.entries(n)) {
    if (key !== 'loc' && value && typeof value === 'object') walk(value, visit);
  }
}

function where(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The dotted name of a member chain (`window._satellite.container`), or null. */
export function dotted(n: unknown): string | null {
  const node = n as AnyNode;
  if (node?.type === 'Identifier') return node.name as string;
  if (node?.type === 'MemberExpression' && !node.computed) {
    const left = dotted(node.object);
    const prop = (node.property as AnyNode).name as string;
    return left ? `${left}.${prop}` : null;
  }
  if (node?.type === 'MemberExpression' && node.computed && (node.property as AnyNode).type === 'Literal') {
    const left = dotted(node.object);
    return left ? `${left}.${String((node.property as AnyNode).value)}` : null;
  }
  return null;
}

function valueOf(n: AnyNode, source: string): unknown {
  const at = () => where(source, n.start);
  switch (n.type) {
    case 'Literal':
      if ((n as { regex?: unknown }).regex) return { $unreadable: 'a regular expression literal', ...at() };
      return n.value;
    case 'TemplateLiteral': {
      const quasis = n.quasis as AnyNode[];
      if ((n.expressions as unknown[]).length) return { $unreadable: 'a template string with expressions', ...at() };
      return (quasis[0].value as { cooked: string }).cooked;
    }
    case 'UnaryExpression': {
      const arg = n.argument as AnyNode;
      if (n.operator === '!' && arg.type === 'Literal' && typeof arg.value === 'number') return !arg.value;
      if (n.operator === '-' && arg.type === 'Literal' && typeof arg.value === 'number') return -arg.value;
      if (n.operator === 'void') return undefined;
      return { $unreadable: `the expression ${source.slice(n.start, n.end)}`, ...at() };
    }
    case 'Identifier':
      if (n.name === 'undefined') return undefined;
      return { $unreadable: `the variable ${n.name as string}`, ...at() };
    case 'ArrayExpression':
      return (n.elements as (AnyNode | null)[]).map((e) => (e ? valueOf(e, source) : undefined));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of n.properties as AnyNode[]) {
        if (p.type !== 'Property' || p.computed) return { $unreadable: 'a spread or computed property', ...where(source, p.start) };
        const key = p.key as AnyNode;
        const name = key.type === 'Identifier' ? (key.name as string) : String(key.value);
        out[name] = valueOf(p.value as AnyNode, source);
      }
      return out;
    }
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return codeOf(n, source);
    default:
      return { $unreadable: `a ${n.type}`, ...at() };
  }
}

function codeOf(fn: AnyNode, source: string): CodeRef | Unreadable {
  const params = fn.params as AnyNode[];
  if (params.some((p) => p.type !== 'Identifier')) return { $unreadable: 'a function with destructured or default parameters', ...where(source, fn.start) };
  const body = fn.body as AnyNode;
  const text = body.type === 'BlockStatement' ? source.slice(body.start + 1, body.end - 1) : `return ${source.slice(body.start, body.end)};`;
  return { $code: 'function', params: params.map((p) => p.name as string), body: text, ...where(source, fn.start) };
}

function parseProgram(source: string, file: string): unknown {
  try {
    return parseJs(source, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true, allowReturnOutsideFunction: true });
  } catch (error) {
    const e = error as Error & { loc?: { line: number; column: number } };
    throw new LaunchParseError(`not valid JavaScript: ${e.message.replace(/ \(\d+:\d+\)$/, '')}`, file, e.loc?.line, e.loc ? e.loc.column + 1 : undefined);
  }
}

/** The container object of a Launch library's source. */
export function parseLibrary(source: string, file: string): ParsedContainer {
  const program = parseProgram(source, file);
  let found: AnyNode | undefined;
  walk(program, (n) => {
    if (found) return false;
    if (n.type === 'AssignmentExpression' && /(^|\.)_satellite\.container$/.test(dotted(n.left) ?? '')) {
      found = n.right as AnyNode;
      return false;
    }
  });
  if (!found) throw new LaunchParseError('no `_satellite.container = {...}` assignment: is this a Launch library (launch-*.min.js)?', file);
  if (found.type !== 'ObjectExpression') throw new LaunchParseError('`_satellite.container` is not an object literal', file, ...Object.values(where(source, found.start)));
  const container = valueOf(found, source) as Record<string, unknown>;
  for (const key of ['rules', 'dataElements', 'extensions', 'property'] as const) {
    const v = container[key];
    const ok = key === 'rules' ? Array.isArray(v) : !!v && typeof v === 'object' && !Array.isArray(v);
    if (v !== undefined && !ok) throw new LaunchParseError(`\`_satellite.container.${key}\` is not ${key === 'rules' ? 'an array' : 'an object'}`, file);
  }
  return {
    buildInfo: { buildDate: '', ...(container.buildInfo as object) },
    environment: container.environment as ParsedContainer['environment'],
    dataElements: (container.dataElements ?? {}) as ParsedContainer['dataElements'],
    extensions: (container.extensions ?? {}) as ParsedContainer['extensions'],
    company: (container.company ?? { orgId: '' }) as ParsedContainer['company'],
    property: { name: 'Launch property', settings: {}, ...(container.property as object) } as ParsedContainer['property'],
    rules: ((container.rules ?? []) as ParsedContainer['rules']).filter((r) => r && typeof r === 'object'),
  };
}

/**
 * The custom code a self-hosted library loads from separate files
 * (`_satellite.__registerScript('<file>', "<code>")`), by file name.
 */
export function parseRegisteredScripts(source: string, file: string): Record<string, string> {
  const out: Record<string, string> = {};
  walk(parseProgram(source, file), (n) => {
    if (n.type !== 'CallExpression' || !/(^|\.)_satellite\.__registerScript$/.test(dotted(n.callee) ?? '')) return;
    const [name, code] = n.arguments as AnyNode[];
    if (name?.type === 'Literal' && code?.type === 'Literal' && typeof code.value === 'string') out[basename(String(name.value))] = code.value;
  });
  return out;
}

export function basename(url: string): string {
  return url.split(/[?#]/)[0].split('/').pop() ?? url;
}

/** Parses a function body (custom code) for analysis; null when it is not valid JavaScript. */
export function parseCode(body: string): unknown {
  try {
    return parseJs(`(function(){${body}\n})`, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch {
    return null;
  }
}
