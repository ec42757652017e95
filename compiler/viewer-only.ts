import { forEachChild, importedLocals, keyName, propertyRange, type AstNode } from './js-syntax';

// Viewer-only metadata: the properties the compiler reads from the loaded modules for graph.json
// and the viewer, and that bundles without debugging leave out (phases/5-emit/rewrite-module.ts).
// Found here, outside the phases, because the build's stripped modules record their ranges when
// first parsed (phases/3-graph/hashes/stripped-modules.ts), before any bundle reads them.

// `reads` is a computed data element's list of the elements its code reads: the compiler checks it
// and graph.json shows it, while the runtime never reads it (the name is reserved in object
// literals of project modules, as `description` and `label` are).
export const VIEWER_ONLY_PROPERTIES: ReadonlySet<string> = new Set(['description', 'label', 'reads']);

// The runtime's data-element factories (runtime/data-elements/*), whose last parameter, the
// options, may be left out: an options object that holds only viewer-only properties goes whole,
// with its comma (`computed(read, { description })`, not `computed(read, {})`), where the callee
// is one of them as imported by the module (under any local name).
export const OPTIONAL_OPTIONS_FACTORIES: ReadonlySet<string> = new Set([
  'computed', 'constant', 'cookie', 'dataLayerValue', 'derived', 'domAttribute', 'globalVariable', 'localItem', 'pageInfo', 'queryParam', 'sessionItem',
]);

/** Source ranges of the viewer-only properties of every object literal (outermost only) of a parsed module. */
export function viewerOnlyRanges(js: string, program: AstNode): [number, number][] {
  const factories = importedLocals(program, OPTIONAL_OPTIONS_FACTORIES);
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
    if (node.type === 'CallExpression') {
      const args = node.arguments as AstNode[];
      const last = args[args.length - 1];
      const callee = node.callee as AstNode;
      if (args.length > 1 && callee.type === 'Identifier' && factories.has(callee.name as string) && viewerOnlyObject(last!)) {
        // From the end of the argument before it: the comma goes too.
        ranges.push([args[args.length - 2]!.end, last!.end]);
        visit(callee);
        args.slice(0, -1).forEach(visit);
        return;
      }
    }
    forEachChild(node, visit);
  };
  visit(program);
  return ranges;
}

/** An object literal with properties, all of them viewer-only. */
function viewerOnlyObject(node: AstNode): boolean {
  const props = node.type === 'ObjectExpression' ? (node.properties as AstNode[]) : [];
  return props.length > 0 && props.every((p) => VIEWER_ONLY_PROPERTIES.has(keyName(p) ?? ''));
}
