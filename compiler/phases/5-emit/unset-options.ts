import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OPTIONAL_FIELDS, type OptionalField } from '../../../runtime/declare/unset-options';
import { tsFiles } from './site-config-use';

// The optional option fields (runtime/declare/unset-options.ts) that no module of the project
// names: a rule, data element, library or the site configuration that sets one writes its name
// (as a step's option, a settings key spread into one, or custom code calling a client), so a field
// whose name appears nowhere, comments included, is set by nothing. The bundles then get it as a
// compile-time constant (compiler/environments.ts) and leave out the code that handles it. Every
// .ts file under rules/ and data-elements/ is read (helpers outside lib/ folders too, as the site
// configuration's scan does) and the site configuration wherever it is, whichever environments
// include them: an unset field is unset everywhere.

const FIELD = new RegExp(`\\b(?:${OPTIONAL_FIELDS.join('|')})\\b`, 'g');

/**
 * The project's modules that may name a field: its rules and data-element trees, the site
 * configuration, and every other file of the project's own that they import (`imported`, from the
 * load: a JSON file or a module outside those folders), the runtime's own (`runtimeDirs`) aside.
 */
export async function optionSources(root: string, siteFile: string | undefined, imported: readonly string[] = [], runtimeDirs: readonly string[] = []): Promise<string[]> {
  const files = (await Promise.all(['rules', 'data-elements'].map((d) => tsFiles(join(root, d))))).flat();
  // The runtime the declarations import (their helpers) names every field: it handles them.
  const own = imported.filter((f) => runtimeDirs.every((dir) => relative(dir, f).startsWith('..')));
  return [...new Set([...files, ...(siteFile === undefined ? [] : [siteFile]), ...own])];
}

/**
 * The fields no module names. Read synchronously, as the site configuration's scan does: with
 * 5,000 rule modules, a read per file awaited took about 0.5 s of CPU, these about 50-70 ms.
 */
export function unsetOptions(modules: readonly string[]): Set<OptionalField> {
  const unset = new Set<OptionalField>(OPTIONAL_FIELDS);
  for (const file of modules) {
    if (!unset.size) break;
    for (const [name] of readFileSync(file, 'utf8').matchAll(FIELD)) unset.delete(name as OptionalField);
  }
  return unset;
}
