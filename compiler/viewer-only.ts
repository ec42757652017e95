import { childNodes, keyName, propertyRange, type AstNode } from './js-syntax';

// Viewer-only metadata: the properties the compiler reads from the loaded modules for graph.json
// and the viewer, and that bundles without debugging leave out (phases/5-emit/rewrite-module.ts).
// Found here, outside the phases, because the build's stripped modules record their ranges when
// first parsed (phases/3-graph/hashes/stripped-modules.ts), before any bundle reads them.

// `reads` is a computed data element's list of the elements its code reads: the compiler checks it
// and graph.json shows it, while the runtime never reads it (the name is reserved in object
// literals of project modules, as `description` and `label` are).
export const VIEWER_ONLY_PROPERTIES: ReadonlySet<string> = new Set(['description', 'label', 'reads']);

/** Source ranges of the viewer-only properties of every object literal (outermost only) of a parsed module. */
export function viewerOnlyRanges(js: string, program: AstNode): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: AstNode): void => {
    if (node.type === 'ObjectExpression') {
      const props = node.properties as AstNode[];
      props.forEach((prop, i) => {
        const name = keyName(prop);
        if (name && VIEWER_ONLY_PROPERTIES.has(name)) ranges.push(propertyRange(js, props, i));
        else visit(prop);
      });
      return;
    }
    childNodes(node).forEach(visit);
  };
  visit(program);
  return ranges;
}

