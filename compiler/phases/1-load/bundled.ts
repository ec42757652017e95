import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { esbuild, LARGE_PROJECT_MODULES, releaseService } from '../../esbuild-api';

// The fast way to load a container: esbuild bundles every declaration module (and what they
// import from the project) into one CommonJS script, evaluated once. Importing module by module
// through tsx cost about 1 ms a module on the loader thread, seconds for thousands of rules.
// Packages stay external (required from the project root). The modules' values are what an
// import gives: each module's exports, with its functions' source as esbuild prints it.

export type Imported = { mod: Record<string, unknown> } | { error: unknown };

/**
 * Every module's exports by absolute path, and every project file the bundle read (absolute;
 * packages are external, so none of theirs), or null when the bundle does not build or a module
 * throws while evaluating: the caller then imports module by module, which locates each failure
 * (and keeps a failed dependency an error in each module that imports it).
 */
export async function bundledImports(root: string, paths: readonly string[]): Promise<{ imports: Map<string, Imported>; sources: string[] } | null> {
  const unique = [...new Set(paths)];
  const entry = `module.exports = [\n${unique.map((p) => `(() => { try { return { mod: require(${JSON.stringify(p)}) }; } catch (error) { return { error }; } })()`).join(',\n')}\n];\n`;
  let code: string;
  let sources: string[];
  try {
    const result = await esbuild.build({
      stdin: { contents: entry, resolveDir: root, sourcefile: 'tagc-declarations.cjs', loader: 'js' },
      absWorkingDir: root,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    code = result.outputFiles[0].text;
    sources = Object.keys(result.metafile.inputs).filter((f) => f !== 'tagc-declarations.cjs').map((f) => join(root, f));
  } catch {
    return null;
  } finally {
    // What esbuild grew for the declarations (about 300 MB at 5,000 rules) would sit idle through validation.
    if (unique.length >= LARGE_PROJECT_MODULES) releaseService();
  }
  const module: { exports: Imported[] } = { exports: [] };
  try {
    const run = runInThisContext(`(function (require, module, exports) {${code}\n})`, { filename: join(root, 'tagc-declarations.cjs') }) as (require: NodeJS.Require, m: typeof module, e: unknown) => void;
    run(createRequire(join(root, 'package.json')), module, module.exports);
  } catch {
    return null;
  }
  if (module.exports.length !== unique.length || module.exports.some((r) => 'error' in r)) return null;
  return { imports: new Map(unique.map((p, i) => [p, module.exports[i]])), sources };
}
