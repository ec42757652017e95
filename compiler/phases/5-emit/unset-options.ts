import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OPTIONAL_FIELDS, type OptionalField } from '../../../runtime/declare/unset-options';
import type { StrippedModules } from '../3-graph/hashes/stripped-modules';
import { tsFiles } from './site-config-use';

// The optional option fields (runtime/declare/unset-options.ts) that no module of the project
// names where its name can reach a bundle's code: a rule, data element, library or the site
// configuration that sets one writes its name (as a step's option, a settings key spread into one,
// or custom code calling a client by a string key), so a field whose name appears in no
// identifier, property key or string of that code is set by nothing. The bundles then get it as a
// compile-time constant (compiler/environments.ts) and leave out the code that handles it. Every
// .ts file under rules/ and data-elements/ is read (helpers outside lib/ folders too, as the site
// configuration's scan does) and the site configuration wherever it is, whichever environments
// include them: an unset field is unset everywhere.
//
// A module is read as the build's stripped modules have it (3-graph/hashes/stripped-modules.ts,
// which the declaration hashes fill first): comments out, and where the bundles without debugging
// leave out its viewer-only metadata (a description, a step's label: compiler/viewer-only.ts),
// that text out too. A module that is not code or does not parse counts as naming every word in it.

const FIELD = new RegExp(`\\b(?:${OPTIONAL_FIELDS.join('|')})\\b`, 'g');

/** A module that may name a field. */
export interface OptionSource {
  file: string;
  /**
   * Whether the bundles without debugging read it without its viewer-only metadata, as they read
   * every .ts file under rules/ and data-elements/ and the site configuration (bundle.ts,
   * projectModules); a file imported from elsewhere goes to esbuild as it is.
   */
  viewerOnlyOut: boolean;
}

/**
 * The project's modules that may name a field: its rules and data-element trees, the site
 * configuration, and every other file of the project's own that they import (`imported`, from the
 * load: a JSON file or a module outside those folders), the runtime's own (`runtimeDirs`) aside.
 */
export async function optionSources(root: string, siteFile: string | undefined, imported: readonly string[] = [], runtimeDirs: readonly string[] = []): Promise<OptionSource[]> {
  const files = (await Promise.all(['rules', 'data-elements'].map((d) => tsFiles(join(root, d))))).flat();
  if (siteFile !== undefined) files.push(siteFile);
  const stripped = new Set(files);
  // The runtime the declarations import (their helpers) names every field: it handles them.
  const own = imported.filter((f) => !stripped.has(f) && runtimeDirs.every((dir) => relative(dir, f).startsWith('..')));
  return [...[...stripped].map((file) => ({ file, viewerOnlyOut: true })), ...[...new Set(own)].map((file) => ({ file, viewerOnlyOut: false }))];
}

/** Modules read at once: those the hashes have not stripped are stripped on Node's thread pool. */
const BATCH = 256;

/**
 * The fields no module names, from the build's stripped modules: the declaration hashes have
 * stripped all but a few already, and the prod and internal bundles read them. At 5,000 rule
 * modules, about 16 ms of CPU once they are (a read and search of every file's text: about 60 ms).
 */
export async function unsetOptions(modules: readonly OptionSource[], stripped: StrippedModules): Promise<Set<OptionalField>> {
  const unset = new Set<OptionalField>(OPTIONAL_FIELDS);
  const named = (text: string, left: readonly [number, number][] = []) => {
    for (const match of text.matchAll(FIELD)) if (!left.some(([start, end]) => match.index >= start && match.index < end)) unset.delete(match[0] as OptionalField);
  };
  for (let start = 0; start < modules.length && unset.size; start += BATCH) {
    const slice = modules.slice(start, start + BATCH);
    const read = await Promise.all(slice.map(({ file }) => stripped.get(file)));
    read.forEach(({ js }, i) => {
      const { file, viewerOnlyOut } = slice[i]!;
      if (js) named(js.code, viewerOnlyOut ? js.viewerOnly : []);
      else named(readFileSync(file, 'utf8'));
    });
  }
  return unset;
}
