import { parse } from 'acorn';
import * as esbuild from 'esbuild';

// Viewer-only metadata (a rule's or data element's `description`, a custom step's `label`) is read
// by the compiler from the loaded modules and kept in graph.json; bundles without debugging do not
// need it. This removes those properties from every object literal of a project module before
// esbuild bundles it, so the strings (and template expressions that build them) are never emitted.
// Rule modules are found stripped of types and parsed already (3-graph/hashes/stripped-modules.ts);
// data-element and library modules, which are also marked pure, are transformed here.
// Custom steps keep their identity by position (rule id + step index) in logs and monitors.

export const VIEWER_ONLY_PROPERTIES: ReadonlySet<string> = new Set(['description', 'label']);

export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

export function keyName(prop: Node): string | undefined {
  if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init') return undefined;
  const key = prop.key as Node;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/**
 * The source range of `props[i]` including its separating comma, so that blanking any subset of
 * an object's properties leaves valid syntax (a last property takes its trailing comma along).
 */
export function propertyRange(js: string, props: readonly Node[], i: number): [number, number] {
  const next = props[i + 1];
  if (next) return [props[i].start, next.start];
  const end = props[i].end;
  const comma = /^\s*,/.exec(js.slice(end));
  return [props[i].start, comma ? end + comma[0].length : end];
}

/** Source ranges of the viewer-only properties of every object literal (outermost only) of a parsed module. */
export function viewerOnlyRanges(js: string, program: Node): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: Node): void => {
    if (node.type === 'ObjectExpression') {
      const props = node.properties as Node[];
      props.forEach((prop, i) => {
        const name = keyName(prop);
        if (name && VIEWER_ONLY_PROPERTIES.has(name)) ranges.push(propertyRange(js, props, i));
        else visit(prop);
      });
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) isNode(item) && visit(item);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return ranges;
}

export function parseModule(js: string): Node {
  return parse(js, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node;
}

/** JavaScript source without the viewer-only properties (the input is JavaScript, not TypeScript). */
export function stripViewerMetadata(js: string): string {
  return blankRanges(js, viewerOnlyRanges(js, parseModule(js)));
}

/** `js` with the given ranges blanked, not cut: every other position (and so an inline source map) stays valid. */
export function blankRanges(js: string, ranges: readonly [number, number][]): string {
  let out = js;
  for (const [start, end] of [...ranges].sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(start, end).replace(/[^\n]/g, ' ') + out.slice(end);
  return out;
}

/** TypeScript module text -> JavaScript, source map inline (so errors still point at the .ts). */
export async function toJs(source: string, file: string): Promise<string> {
  return (await esbuild.transform(source, { loader: 'ts', format: 'esm', target: 'esnext', sourcefile: file, sourcemap: 'inline' })).code;
}
