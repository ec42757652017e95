import { childNodes, type AstNode } from '../../js-syntax';

// A project's data-element and library modules (rules/lib, ...) declare values, by contract
// without side effects: conditions, settings, tables, lists. esbuild drops an unused top-level
// declaration only when it can prove its initializer pure, and it cannot for a call into another
// file or a member read (`site.hosts.entry` might throw). So every top-level `const` initializer
// that esbuild could not prove pure is marked here: a call or `new` as `/* @__PURE__ */`, any
// other expression wrapped in a pure arrow call, which esbuild unwraps again where it is used.

const PURE = '/* @__PURE__ */ ';

/** Nodes esbuild cannot prove free of side effects (function bodies are not evaluated). */
const IMPURE = new Set(['CallExpression', 'NewExpression', 'MemberExpression', 'TaggedTemplateExpression', 'SpreadElement', 'AssignmentExpression', 'UpdateExpression', 'AwaitExpression', 'YieldExpression', 'ImportExpression', 'ChainExpression']);
const OPAQUE = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression']);

function mayHaveEffects(node: AstNode): boolean {
  if (OPAQUE.has(node.type)) return false;
  if (IMPURE.has(node.type)) return true;
  return childNodes(node).some(mayHaveEffects);
}

/** Insertions (position, text) that make one initializer droppable when unused. */
function marks(init: AstNode): [number, string][] {
  if (!mayHaveEffects(init)) return [];
  const args = (init.arguments as AstNode[] | undefined) ?? [];
  const callee = init.callee as AstNode | undefined;
  const plainCall = (init.type === 'CallExpression' || init.type === 'NewExpression') && callee?.type === 'Identifier' && !args.some(mayHaveEffects);
  if (plainCall) return [[init.start, PURE]];
  return [
    [init.start, `${PURE}(() => (`],
    [init.end, '))()'],
  ];
}

/** Insertions (positions in the module's JavaScript) marking its top-level `const` declarations (exported or not) so that esbuild drops the unused ones. */
export function pureMarks(program: AstNode): [number, string][] {
  const inserts: [number, string][] = [];
  for (const statement of program.body as AstNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations as AstNode[]) {
      const init = d.init as AstNode | null;
      if (init) inserts.push(...marks(init));
    }
  }
  return inserts;
}
