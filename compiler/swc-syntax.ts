import type { Module, ObjectExpression } from '@swc/core';

// The compiler's helpers for swc's syntax tree, beside ./js-syntax.ts (acorn's): swc parses on
// Node's thread pool and costs the main thread only the tree's JSON, where acorn runs cold on the
// main thread (the build's longest path), about 2 ms a kilobyte. Its readers are the build's
// stripped modules (phases/3-graph/hashes/stripped-modules.ts) and the tooling fields of the
// bundles (phases/5-emit/tooling-fields.ts).
//
// swc's positions are not the text's: they count UTF-8 bytes (a bundle may keep non-ASCII text:
// esbuild writes it with charset utf8), not UTF-16 units, and from a base that every parse in
// the process moves on (all files share one source map). A parse of `0;` + the text gives the
// base exactly, as the position of that first statement.

const LEAD = '0;';

/** A parsed text: its tree, and the index into the text of each of swc's positions. */
export interface Parsed {
  program: Module;
  index: (position: number) => number;
}

/** `js` parsed by swc (on Node's thread pool; as a module, which a bundle's script also parses as), with the index into `js` of each of swc's positions. */
export async function parseWithPositions(js: string): Promise<Parsed> {
  const { parse } = await import('@swc/core');
  // A hashbang may only open the text: blanked (unit for unit, so indexes stay), as it is no code.
  const text = js.replace(/^#![^\n\r\u2028\u2029]*/, (line) => ' '.repeat(line.length));
  const program = await parse(LEAD + text, { syntax: 'ecmascript', target: 'es2022' });
  const base = program.body[0].span.start + LEAD.length;
  // The tree is the text's: without the lead's statement.
  program.body.shift();
  const indexOf = byteToIndex(text);
  return { program, index: (position) => indexOf(position - base) };
}

/** A UTF-8 byte offset of `js` as its UTF-16 index (offsets at character boundaries, as swc's are). */
export function byteToIndex(js: string): (byte: number) => number {
  const bytes = Buffer.byteLength(js);
  if (bytes === js.length) return (byte) => byte; // ASCII: one byte a unit
  const index = new Uint32Array(bytes + 1);
  let byte = 0;
  for (let i = 0; i < js.length; i++) {
    index[byte] = i;
    const c = js.charCodeAt(i);
    const next = js.charCodeAt(i + 1);
    if (c >= 0xd800 && c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      byte += 4; // a surrogate pair: one code point of four bytes
      i++;
    } else byte += c < 0x80 ? 1 : c < 0x800 ? 2 : 3; // a lone surrogate is written as U+FFFD, three bytes
  }
  index[byte] = js.length;
  return (b) => index[b];
}

/** A node of swc's tree, read field by field (swc nodes have no common child list). */
export interface SwcNode {
  type?: string;
  span?: { start: number; end: number };
  [field: string]: unknown;
}

/** A typed node of swc's tree (a Module, a statement) read field by field. */
export const asSwcNode = (node: object): SwcNode => node as SwcNode;

/** The objects directly under `node` (call arguments are untyped objects: every field counts), in source order. */
export function swcChildren(node: SwcNode): SwcNode[] {
  const out: SwcNode[] = [];
  for (const key in node) {
    if (key === 'span') continue;
    const value = node[key];
    if (Array.isArray(value)) for (const item of value) typeof item === 'object' && item !== null && out.push(item as SwcNode);
    else if (typeof value === 'object' && value !== null) out.push(value as SwcNode);
  }
  return out;
}

export type SwcProp = ObjectExpression['properties'][number];

/** The static name of a property or method (`k: v`, `k`, `k() {}`; not a getter or setter), if it has one (as js-syntax.ts keyName for acorn's tree). */
export function swcKeyName(prop: SwcProp): string | undefined {
  if (prop.type === 'Identifier') return prop.value;
  if (prop.type !== 'KeyValueProperty' && prop.type !== 'MethodProperty') return undefined;
  return prop.key.type === 'Identifier' || prop.key.type === 'StringLiteral' ? prop.key.value : undefined;
}

/** A named property's position in swc's terms (its key, or `async`/`*` of a method, to its value's end). */
export function swcPropertySpan(prop: SwcProp): { start: number; end: number } | undefined {
  if (prop.type === 'Identifier' || prop.type === 'MethodProperty') return prop.span;
  // JSX, the only value without a span, is never read here (no parse has JSX syntax).
  if (prop.type !== 'KeyValueProperty' || !('span' in prop.value)) return undefined;
  return { start: prop.key.span.start, end: prop.value.span.end };
}

const BLANK = /\s+|\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?\*\//y;
const TRAILING_COMMA = /\s*,/y;

/** Skips white space and comments from `i`. */
function skipBlank(js: string, i: number): number {
  for (BLANK.lastIndex = i; BLANK.exec(js); ) i = BLANK.lastIndex;
  return i;
}

/**
 * The range of a property, `start` to `end` (indexes of `js`), with its separating comma, so that
 * blanking any subset of an object's properties leaves valid syntax: up to the next property's
 * first token, or, for the last property, through a trailing comma (as js-syntax.ts propertyRange).
 */
export function swcPropertyRange(js: string, start: number, end: number, last: boolean): [number, number] {
  if (last) {
    TRAILING_COMMA.lastIndex = end;
    return [start, TRAILING_COMMA.exec(js) ? TRAILING_COMMA.lastIndex : end];
  }
  const comma = skipBlank(js, end);
  if (js[comma] !== ',') throw new Error(`no comma after the property at ${start}`);
  return [start, skipBlank(js, comma + 1)];
}
