import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The project's modules that may name a field: its rules and data-element trees, and the site configuration. */
export async function optionSources(root: string, siteFile: string | undefined): Promise<string[]> {
  const files = (await Promise.all(['rules', 'data-elements'].map((d) => tsFiles(join(root, d))))).flat();
  return siteFile === undefined || files.includes(siteFile) ? files : [...files, siteFile];
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
