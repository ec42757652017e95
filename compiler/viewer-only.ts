import { childNodes, keyName, propertyRange, type AstNode } from './js-syntax';
import { asSwcNode, swcChildren, swcKeyName, swcPropertyRange, swcPropertySpan, type Parsed, type SwcNode, type SwcProp } from './swc-syntax';

// Viewer-only metadata: the properties the compiler reads from the loaded modules for graph.json
// and the viewer, and that bundles without debugging leave out (phases/5-emit/rewrite-module.ts).
// Found here, outside the phases, because the build's stripped modules record their ranges when
// first parsed (phases/3-graph/hashes/stripped-modules.ts, from swc's tree), before any bundle
// reads them; the bundles' rewrites find them in acorn's tree.

export const VIEWER_ONLY_PROPERTIES: ReadonlySet<string> = new Set(['description', 'label']);

/** How one parser's tree shows object literals: one walk serves acorn's and swc's. */
interface ObjectLiterals<N, P> {
  /** An object literal's properties; undefined for any other node. */
  properties(node: N): P[] | undefined;
  name(prop: P): string | undefined;
  /** The range of `props[i]` with its separating comma (js-syntax.ts propertyRange). */
  range(props: P[], i: number): [number, number];
  /** A property as a node to search within. */
  node(prop: P): N;
  children(node: N): N[];
}

/** Source ranges of the viewer-only properties of every object literal (outermost only) under `program`. */
function rangesIn<N, P>(program: N, tree: ObjectLiterals<N, P>): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: N): void => {
    const props = tree.properties(node);
    if (!props) return tree.children(node).forEach(visit);
    props.forEach((prop, i) => {
      const name = tree.name(prop);
      if (name && VIEWER_ONLY_PROPERTIES.has(name)) ranges.push(tree.range(props, i));
      else visit(tree.node(prop));
    });
  };
  visit(program);
  return ranges;
}

/** Source ranges of the viewer-only properties of every object literal (outermost only) of a module acorn parsed. */
export function viewerOnlyRanges(js: string, program: AstNode): [number, number][] {
  return rangesIn(program, {
    properties: (node) => (node.type === 'ObjectExpression' ? (node.properties as AstNode[]) : undefined),
    name: keyName,
    range: (props, i) => propertyRange(js, props, i),
    node: (prop) => prop,
    children: childNodes,
  });
}

/** viewerOnlyRanges of a module swc parsed (swc-syntax.ts parseWithPositions). */
export function swcViewerOnlyRanges(js: string, { program, index }: Parsed): [number, number][] {
  return rangesIn<SwcNode, SwcProp>(asSwcNode(program), {
    properties: (node) => (node.type === 'ObjectExpression' ? (node.properties as SwcProp[]) : undefined),
    name: swcKeyName,
    range: (props, i) => {
      // A named property (the only kind ranged) has a span.
      const { start, end } = swcPropertySpan(props[i])!;
      return swcPropertyRange(js, index(start), index(end), i === props.length - 1);
    },
    node: asSwcNode,
    children: swcChildren,
  });
}
