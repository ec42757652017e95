import { rel, type Project } from '../../../project';
import type { Loaded, LoadResult } from '../../1-load';
import { bindingCode } from './binding-code';
import { bindingHashes } from './binding-hashes';
import { projectModuleResolver } from './project-modules';
import type { Module } from './read-module';
import { StrippedModules } from './stripped-modules';

export { bindingHashes } from './binding-hashes';

// A content hash per declaration (rule, data element, schema): over the code of that one export
// of its own module (the top-level statements it reaches, types and comments removed, whitespace
// minified) and over the hashes of the project bindings that code imports, each computed the
// same way, recursively. So a change in custom code, or in a helper module's binding that a
// declaration uses directly or through other helpers, changes its hash, and nothing else does;
// sibling exports of one module hash apart. The runtime (runtime/) and packages are the tool's,
// not the declaration's: their imports count by name only. Bindings that import each other in a
// cycle share one hash over all of them.
//
// Each project module is read, stripped of its types by swc (in this process, no bundler run)
// and parsed once however many declarations use it (./stripped-modules.ts; the bundles reuse it): at 5,000 rules, bundling each declaration
// with the helpers it imports cost 6-7 s of esbuild.

/** The key of a loaded declaration in the hash map. */
export const declarationKey = (d: Pick<Loaded<unknown>, 'file' | 'exportName'>): string => `${d.file}#${d.exportName}`;

/** Modules stripped at once (swc works on Node's thread pool). The order changes no hash. */
const BATCH = 256;

export async function declarationHashes(p: Project, load: LoadResult, batch: number = BATCH, stripped: StrippedModules = new StrippedModules()): Promise<Map<string, string>> {
  const projectModule = projectModuleResolver(p.root);
  // Every import of every binding names its module by path: path.relative once per module, not once per import.
  const relPaths = new Map<string, string>();
  const relPath = (abs: string) => {
    let path = relPaths.get(abs);
    if (path === undefined) relPaths.set(abs, (path = rel(p, abs)));
    return path;
  };
  const modules = new Map<string, Module>();
  const readModules = async (files: string[]) => {
    for (const [abs, m] of await stripped.modules(files, batch)) modules.set(abs, m);
  };

  // Bindings: `<path from the root>#<export>`, independent of where the project lives.
  const outputs = new Map<string, string>();
  const deps = new Map<string, string[]>();
  const declarations = [...load.rules, ...load.schemas, ...load.dataElements].map((d) => ({ d, abs: d.abs, key: `${relPath(d.abs)}#${d.exportName}` }));
  let pending: { abs: string; name: string; key: string }[] = declarations.map(({ abs, d, key }) => ({ abs, name: d.exportName, key }));
  const queued = new Set(pending.map((b) => b.key));
  // Rounds: the declarations, then the project bindings they import, and so on.
  while (pending.length) {
    await readModules([...new Set(pending.map((b) => b.abs))].filter((abs) => !modules.has(abs)));
    const next: typeof pending = [];
    for (const b of pending) {
      const { text, uses } = bindingCode(modules.get(b.abs)!, b.name);
      const keys = new Set<string>();
      for (const use of uses) {
        const abs = projectModule(b.abs, use.source);
        if (!abs) continue;
        const key = `${relPath(abs)}#${use.name}`;
        keys.add(key);
        if (!queued.has(key)) {
          queued.add(key);
          next.push({ abs, name: use.name, key });
        }
      }
      outputs.set(b.key, text);
      deps.set(b.key, [...keys].sort());
    }
    pending = next;
  }

  const full = bindingHashes(outputs, deps);
  const hashes = new Map<string, string>();
  for (const { d, key } of declarations) {
    const h = full.get(key);
    if (h) hashes.set(declarationKey(d), h.slice(0, 16));
  }
  return hashes;
}

