import { isNode, parseModule, type Node } from './strip-metadata';

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

function mayHaveEffects(node: Node): boolean {
  if (OPAQUE.has(node.type)) return false;
  if (IMPURE.has(node.type)) return true;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      if (value.some((item) => isNode(item) && mayHaveEffects(item))) return true;
    } else if (isNode(value) && mayHaveEffects(value)) return true;
  }
  return false;
}

/** Insertions (position, text) that make one initializer droppable when unused. */
function marks(init: Node): [number, string][] {
  if (!mayHaveEffects(init)) return [];
  const args = (init.arguments as Node[] | undefined) ?? [];
  const callee = init.callee as Node | undefined;
  const plainCall = (init.type === 'CallExpression' || init.type === 'NewExpression') && callee?.type === 'Identifier' && !args.some(mayHaveEffects);
  if (plainCall) return [[init.start, PURE]];
  return [
    [init.start, `${PURE}(() => (`],
    [init.end, '))()'],
  ];
}

/** Top-level `const` declarations (exported or not) of `js` marked so that esbuild drops the unused ones. */
export function markTopLevelPure(js: string): string {
  const inserts: [number, string][] = [];
  for (const statement of parseModule(js).body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations as Node[]) {
      const init = d.init as Node | null;
      if (init) inserts.push(...marks(init));
    }
  }
  let out = js;
  for (const [at, text] of inserts.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + text + out.slice(at);
  return out;
}
