import { blankRanges, childNodes, keyName, parseModule, propertyRange, type AstNode } from '../../js-syntax';

// A step (condition, action or event source: an object with a `kind`) carries two fields that
// only tooling reads, in Node: `params` (the compiler's checks, graph.json, the viewer) and an
// action's `sends` (the consent and network proofs). The runtime never reads either, and bundles
// without tooling already write `params` as `{}` (runtime/declare/tooling.ts); but the type keeps
// both required, so that no kind can forget its `sends`. This blanks them from the step literals
// of such a bundle after esbuild, before swc compresses it: the proofs ran on the loaded modules,
// and blanking (not cutting) keeps esbuild's source map exact for swc to chain.

/** Runtime names the blanking looks for, as they appear in the bundle (after property mangling). */
export interface StepFieldNames {
  kind: string;
  sends: string;
}

const isEmptyObject = (node: AstNode) => node.type === 'ObjectExpression' && (node.properties as AstNode[]).length === 0;

/** A value whose evaluation cannot be observed (a literal, a name, a plain member read, `a ?? b` of those). */
function inert(node: AstNode): boolean {
  if (node.type === 'Literal' || node.type === 'Identifier') return true;
  if (node.type === 'MemberExpression') return !node.computed && !node.optional && inert(node.object as AstNode);
  if (node.type === 'LogicalExpression') return inert(node.left as AstNode) && inert(node.right as AstNode);
  return false;
}

function droppable(prop: AstNode, names: StepFieldNames): boolean {
  const value = prop.value as AstNode;
  const name = keyName(prop);
  if (name === 'params') return isEmptyObject(value);
  return name === names.sends && inert(value);
}

/** Source ranges of the tooling-only fields of every step literal in a bundle's code. */
export function toolingFieldRanges(js: string, program: AstNode, names: StepFieldNames): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: AstNode): void => {
    if (node.type === 'ObjectExpression') {
      const props = node.properties as AstNode[];
      if (props.some((p) => keyName(p) === names.kind)) props.forEach((p, i) => droppable(p, names) && ranges.push(propertyRange(js, props, i)));
    }
    childNodes(node).forEach(visit);
  };
  visit(program);
  return ranges;
}

/** A bundle's code (a script) without its steps' tooling-only fields; every other position stays. */
export function blankToolingFields(js: string, names: StepFieldNames): string {
  return blankRanges(js, toolingFieldRanges(js, parseModule(js), names));
}
