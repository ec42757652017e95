import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// The files the network proof's TypeScript program starts from (network-proof.ts). A rule module
// whose text tells its imports and holds nothing the proof could report (network-uses.ts,
// importsWithoutTree: every synthetic rule) needs no tree; only the files it imports do. So such
// a module is left out of the program when each of its imports is a relative specifier that
// exactly one file on disk can answer (TypeScript's resolution then has no other choice), and
// those files are roots in its place: the program is then the same files less the rule modules
// left out, whose imports the proof reads from their text. At 5,000 synthetic rules TypeScript
// parsed 5,300 files for the proof, 5,000 of them only to list their imports. Any other import
// (a package, an alias, a directory with a package.json, no file or several) keeps the module a
// root, for TypeScript to resolve as before.

/** What TypeScript may load a relative specifier as (moduleResolution bundler, allowJs). */
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.d.mts', '.d.cts', '.js', '.jsx', '.mjs', '.cjs'];
const LOADABLE = /\.(?:[cm]?tsx?|[cm]?jsx?)$/;

const isFile = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() ?? false;

/** The one file `spec` (imported from `from`) can be, as TypeScript names it (symbolic links resolved); else undefined. */
function onlyFile(from: string, spec: string): string | undefined {
  if (!spec.startsWith('./') && !spec.startsWith('../')) return undefined;
  const base = resolve(dirname(from), spec);
  if (existsSync(join(base, 'package.json'))) return undefined;
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const candidates = new Set([base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))]);
  const found = [...candidates].filter(isFile);
  return found.length === 1 && LOADABLE.test(found[0]) ? realpathSync(found[0]) : undefined;
}

/**
 * The program's root files for the proof of `rules` (absolute paths), and the rule modules left
 * out with their imports as their text tells them (`importsWithoutTree`, network-uses.ts).
 */
export function proofRoots(rules: string[], importsWithoutTree: (abs: string) => string[] | undefined): { roots: string[]; outside: Map<string, string[]> } {
  const roots = new Set<string>();
  const outside = new Map<string, string[]>();
  // The synthetic rules of a folder import the same few modules: each resolved once.
  const resolved = new Map<string, string | undefined>();
  const fileOf = (from: string, spec: string) => {
    const key = `${dirname(from)}\0${spec}`;
    if (!resolved.has(key)) resolved.set(key, onlyFile(from, spec));
    return resolved.get(key);
  };
  for (const rule of rules) {
    const imports = importsWithoutTree(rule);
    const files = imports?.map((spec) => fileOf(rule, spec));
    if (!imports || !files || files.some((f) => f === undefined)) {
      roots.add(rule);
      continue;
    }
    outside.set(resolve(rule), imports);
    for (const f of files) roots.add(f!);
  }
  // Rule modules that import nothing leave no root: TypeScript is given them as before.
  return roots.size ? { roots: [...roots], outside } : { roots: rules, outside: new Map() };
}
