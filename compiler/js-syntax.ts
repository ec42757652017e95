import { parse } from 'acorn';

// The compiler's JavaScript-syntax helpers, one home for the phases that read project modules as
// JavaScript: the declaration hashes (phases/3-graph/hashes/), the stripped modules they share with
// the bundles, and the bundles' rewrites of project modules (phases/5-emit/: viewer-only metadata,
// pure marks, the site configuration's cut). Parsing is the costly part (acorn runs cold in a build,
// about 2 ms a kilobyte), so a caller that has a module's tree passes it on rather than parse again.

/** An acorn (ESTree) node: its type, its source range, and its fields. */
export interface AstNode {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The nodes directly under `node`, in source order (each field's node, or the nodes of its list). */
export function childNodes(node: AstNode): AstNode[] {
  const out: AstNode[] = [];
  forEachChild(node, (child) => void out.push(child));
  return out;
}

/** `each` of the nodes directly under `node`, in the same order, with no list made: for walks over every module's tree (at 5,000 rules the lists were ~50 MB of short-lived heap). */
export function forEachChild(node: AstNode, each: (child: AstNode) => void): void {
  for (const field in node) {
    const value = node[field];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) each(item);
    } else if (isNode(value)) each(value);
  }
}

/** A module's JavaScript (types already stripped) as an ESTree program. */
export function parseModule(js: string): AstNode {
  return parse(js, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as AstNode;
}

/** The static name of an object literal's plain `key: value` property, if it has one. */
export function keyName(prop: AstNode): string | undefined {
  if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init') return undefined;
  const key = prop.key as AstNode;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** The local names under which a module's named imports bring in any of `wanted`, from the modules `from` accepts (any by default). */
export function importedLocals(program: AstNode, wanted: ReadonlySet<string>, from: (source: string) => boolean = () => true): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ImportDeclaration' || !from((statement.source as AstNode).value as string)) continue;
    for (const spec of statement.specifiers as AstNode[]) {
      const imported = spec.imported as AstNode | undefined;
      if (spec.type === 'ImportSpecifier' && wanted.has((imported?.name ?? imported?.value) as string)) names.add((spec.local as AstNode).name as string);
    }
  }
  return names;
}

/**
 * The source range of `props[i]` including its separating comma, so that blanking any subset of
 * an object's properties leaves valid syntax (a last property takes its trailing comma along).
 */
export function propertyRange(js: string, props: readonly AstNode[], i: number): [number, number] {
  const next = props[i + 1];
  if (next) return [props[i].start, next.start];
  const end = props[i].end;
  const comma = /^\s*,/.exec(js.slice(end));
  return [props[i].start, comma ? end + comma[0].length : end];
}

// Both edits below are made in one pass over the text: a module carries its inline source map and
// a bundle hundreds of ranges, and a copy of the whole text per edit cost ~0.2 s CPU a build.

/** `js` with the given ranges blanked, not cut: every other position (and so an inline source map) stays valid. */
export function blankRanges(js: string, ranges: readonly [number, number][]): string {
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    // Overlapping ranges blank their union.
    const from = Math.max(start, at);
    if (end <= from) continue;
    parts.push(js.slice(at, from), js.slice(from, end).replace(/[^\n]/g, ' '));
    at = end;
  }
  parts.push(js.slice(at));
  return parts.join('');
}

/** `js` with each text inserted at its position (positions in `js`; of texts at one position, the later one goes first). */
export function insertAt(js: string, inserts: readonly [number, string][]): string {
  const parts: string[] = [];
  let at = 0;
  const order = inserts.map((insert, i) => ({ insert, i })).sort((a, b) => a.insert[0] - b.insert[0] || b.i - a.i);
  for (const { insert: [position, text] } of order) {
    parts.push(js.slice(at, position), text);
    at = position;
  }
  parts.push(js.slice(at));
  return parts.join('');
}
