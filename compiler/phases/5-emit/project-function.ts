import type { Plugin } from 'esbuild';
import type { SourceTexts } from './source-texts';

// A bundle without debugging evaluates its project's modules (data elements, rules, and the site
// configuration and libraries they read) inside one function, which the entry gives start() as
// `project` and the runtime calls when it first needs them (runtime/core/start.ts): on a slow start,
// in start-up's next task rather than in the task that evaluates the bundle. The modules stay
// one scope, so swc still writes a value read once (a site setting, a rule) where it is read.
// esbuild bundles modules at the top level: the function is made from marker statements, each a
// call of a global that no code has and the only statement of a module of its own. esbuild writes
// each where its module goes (the runtime's modules before the first, the project's between the
// first and the second), and `inProjectFunction` rewrites them into the function's text, of the
// same length, so that esbuild's source map stays exact.

/** The function's name in the bundle (swc then gives it a short one). */
export const PROJECT_FUNCTION = '__tagcProject';

const NAMESPACE = 'tagc-project';
const MODULE = 'tagc:project';
const BEGIN = 'tagc:project-begin';
const END = 'tagc:project-end';

/** Each marker statement (or its start) and what it becomes. */
const MARKS = {
  begin: ['__tagcProjectFunctionBegins__();', `var ${PROJECT_FUNCTION}=()=>{`],
  returns: ['__tagcProjectFunctionReturns__(', 'return('],
  end: ['__tagcProjectFunctionEnds__();', '};'],
} as const;

/** The entry's imports of the project module and of the function's end, in that order. */
export const PROJECT_IMPORTS = [`import ${JSON.stringify(MODULE)};`, `import ${JSON.stringify(END)};`];

/**
 * The project module: `runtime` imports, the function's start, the `declarations`' imports, and
 * the statement returning `made`. The runtime's modules stay outside the function: one reads the
 * page while the bundle evaluates (actions/script.ts: document.currentScript), and V8 parses a
 * function not run with the script again when it is called (inside, the first rule came later
 * at 1x, docs/architecture.md).
 */
export function projectModule(runtime: readonly string[], declarations: readonly string[], made: string): string {
  return [...runtime, `import ${JSON.stringify(BEGIN)};`, ...declarations, `${MARKS.returns[0]}${made});`].join('\n') + '\n';
}

/** Loads the project module (`project`, its imports made relative by `relative`) and the markers' modules, each given to `texts` as the map names it. */
export function projectFunctionModules(project: string, root: string, texts: SourceTexts): Plugin {
  const contents: Record<string, string> = { [MODULE]: project, [BEGIN]: MARKS.begin[0], [END]: MARKS.end[0] };
  for (const [path, text] of Object.entries(contents)) texts.loaded(`${NAMESPACE}:${path}`, text);
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: /^tagc:project/ }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: contents[args.path], loader: 'js', resolveDir: root }));
    },
  };
}

/** esbuild's output with the marker statements rewritten into the project function (same length). */
export function inProjectFunction(js: string): string {
  let out = js;
  for (const [mark, text] of Object.values(MARKS)) {
    const at = out.indexOf(mark);
    // A statement of its own: esbuild joins statements only within a module. What precedes it may
    // be an earlier marker's padded text (a project with no declarations between the markers).
    const before = out.slice(0, at).trimEnd();
    const own = before === '' || /[;{}]$/.test(before) || out.slice(before.length, at).includes('\n');
    if (at < 0 || out.indexOf(mark, at + 1) >= 0 || !own) throw new Error(`tagc: the bundle's project function: ${mark} is not one statement of esbuild's output`);
    out = out.slice(0, at) + text.padEnd(mark.length) + out.slice(at + mark.length);
  }
  return out;
}
