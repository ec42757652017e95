import { esbuild } from '../../esbuild-api';
import { blankRanges, insertAt, parseModule } from '../../js-syntax';
import { keptValues, KeptOutputs, workingCode } from '../../kept-outputs';
import { viewerOnlyRanges } from '../../viewer-only';
import { pureMarks } from './pure-declarations';
import { pruneSiteConfig, type SiteUse } from './site-config-use';

// Data-element, library and site configuration modules as the bundles read them. Viewer-only
// metadata (a rule's or data element's `description`, a custom step's `label`) is read by the
// compiler from the loaded modules and kept in graph.json; bundles without debugging do not need
// it, so those properties are blanked from every object literal before esbuild bundles the module
// and the strings (and template expressions that build them) are never emitted. Rule modules are
// found stripped of types and parsed already (3-graph/hashes/stripped-modules.ts). Custom steps
// keep their identity by position (rule id + step index) in logs and monitors.

/** A module's two rewritten texts: for every environment, and without viewer-only metadata. */
export interface Rewritten {
  js: string;
  strip: string;
}

/**
 * A data-element, library or site configuration module as esbuild reads it, transformed and
 * parsed once for both texts: the site configuration cut to `use`, the declarations marked pure
 * where `pure`. The pure marks go around top-level initializers, never inside an object's
 * property, so they apply alike to the text with the viewer-only properties blanked.
 */
export async function rewriteModule(source: string, file: string, use: SiteUse | undefined, pure: boolean): Promise<Rewritten> {
  let out = await toJs(source, file);
  if (use !== undefined) out = pruneSiteConfig(out, use);
  const program = parseModule(out);
  const marks = pure ? pureMarks(program) : [];
  return { js: insertAt(out, marks), strip: insertAt(blankRanges(out, viewerOnlyRanges(out, program)), marks) };
}

const isRewritten = (value: unknown): value is Rewritten => typeof (value as Partial<Rewritten> | null)?.js === 'string' && typeof (value as Partial<Rewritten>).strip === 'string';

/** The kept rewrites of a project (its file), for keptRewrite. */
export function keptRewrites(file: string | undefined): KeptOutputs<Rewritten> {
  return new KeptOutputs(file, keptValues(isRewritten));
}

/** What a rewrite depends on besides its inputs: esbuild, acorn, and this code. */
const rewritingTools = () => workingCode(import.meta.url, ['esbuild', 'acorn']);

/** rewriteModule, or its output from an earlier build of the same inputs. */
export function keptRewrite(kept: KeptOutputs<Rewritten> | undefined, source: string, file: string, use: SiteUse | undefined, pure: boolean): Promise<Rewritten> {
  if (!kept) return rewriteModule(source, file, use, pure);
  const useKey = use === undefined || use === 'all' ? (use ?? null) : [...use].sort();
  return kept.memo(kept.key(rewritingTools(), file, useKey, pure, source), () => rewriteModule(source, file, use, pure));
}

/** TypeScript module text -> JavaScript, source map inline (so errors still point at the .ts). */
export async function toJs(source: string, file: string): Promise<string> {
  return (await esbuild.transform(source, { loader: 'ts', format: 'esm', target: 'esnext', sourcefile: file, sourcemap: 'inline' })).code;
}
