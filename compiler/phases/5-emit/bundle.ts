import { createHash } from 'node:crypto';
import { gzipSize } from './gzip-size';
import { readFile } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { BuildResult, Metafile, Plugin } from 'esbuild';
import { esbuild } from '../../esbuild-api';
import { defines } from '../../environments';
import { entryOf } from '../../map-entry';
import type { OptionalField } from '../../../runtime/declare/unset-options';
import type { EnvPlan } from '../4-plan';
import { BROWSER_SCRIPT } from './browser-build';
import { compressWithMap, type RawMap } from './compress';
import { HASH_PLACEHOLDER, type Entry } from './entry';
import { inProjectFunction, projectFunctionModules } from './project-function';
import { mangleOptions, stepFieldNames } from './mangled-props';
import type { SiteUse } from './site-config-use';
import { StrippedModules } from '../3-graph/hashes/stripped-modules';
import { keptRewrite, type Rewritten } from './rewrite-module';
import type { KeptOutputs } from '../../kept-outputs';
import { blankRanges } from '../../js-syntax';
import { blankToolingFields, type StepFieldNames } from './tooling-fields';
import { SourceTexts } from './source-texts';
import { GROUP_FILE, type RuleGroups } from './rule-groups';

// esbuild turns the entry into one minified IIFE; the content hash names the file and is also
// stamped into tagc.buildInfo (the placeholder has the hash's length, so the map stays exact).

export interface Bundle {
  fileName: string;
  mapName: string;
  code: string;
  map: string;
  hash: string;
  bytes: number;
  gzipBytes: number;
  integrity: string;
  /** Input files esbuild kept, relative to the root, and their bytes in the output (for size reports); only when asked (BundleOptions.inputs). */
  inputs?: Record<string, number>;
}

/**
 * Data-element modules export one declaration per `export const`; by contract those are
 * side-effect free. esbuild does not carry `@__NO_SIDE_EFFECTS__` across files, so mark each
 * top-level declaration pure here and let tree-shaking drop the data elements no rule reads.
 */
export function markDeclarationsPure(source: string): string {
  return source.replace(/^(export\s+const\s+[A-Za-z_$][\w$]*\s*(?::[^=\n]+)?=\s*)(?!\/\*)/gm, '$1/* @__PURE__ */ ');
}

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The site configuration module and what one environment's bundle reads from it (site-config-use.ts).
 * `use` is awaited only when esbuild loads the module: the scan of the project's modules runs on
 * Node's thread while esbuild already bundles the rest.
 */
export interface SiteConfigUse {
  file: string;
  use: Promise<SiteUse>;
}

export interface BundleOptions {
  site?: SiteConfigUse;
  /** Rewritten project modules, shared by the environments of one build (prod and internal strip the same files). */
  rewritten?: Map<string, Promise<string>>;
  /** Stripped rule modules by path, shared by the environments of one build that strip them. */
  strippedRules?: Map<string, Promise<StrippedRule>>;
  /** The project's library modules (`lib` folders): declarations only, so their unused top-level values are dropped. */
  libraries?: readonly string[];
  /** Project modules stripped of their types once for the build (shared with the declaration hashes). */
  stripped?: StrippedModules;
  /** Rewrites of earlier builds, found by their inputs (compiler/kept-outputs.ts). */
  keptRewrites?: KeptOutputs<Rewritten>;
  /**
   * Record the inputs esbuild kept (Bundle.inputs) from its metafile, which costs esbuild and Node
   * about 0.24 s of CPU an environment at 5,000 rules: `tagc build` does not ask for it.
   */
  inputs?: boolean;
  /** Runtime names prod must not shorten for this project: its payloads' field names (mangled-props.ts, payloadNames). */
  unmangled?: ReadonlySet<string>;
  /** The optional option fields no project module names (unset-options.ts), folded into the bundle as constants. */
  unset?: ReadonlySet<OptionalField>;
  /** Where the esbuild build waits its turn (the environments of one build share esbuild's process). */
  turn?: <T>(build: () => Promise<T>) => Promise<T>;
  /**
   * Settles once the esbuild builds queued so far have (a large project's): a bundle is compressed
   * after the build queued behind its own, not beside it. At 5,000 rules swc's compression of
   * prod's bundle held 45 MB of native memory in node through internal's whole esbuild build,
   * where the build's peak is (esbuild's process beside node); after it, prod's and internal's
   * compressions run side by side on the pool instead.
   */
  queuedBuilds?: () => Promise<unknown>;
  /** A large project's rule modules joined into fewer (rule-groups.ts); the entry imports its rules from them. */
  ruleGroups?: RuleGroups;
}

/** One text of `make()`'s pair, made once per key for all the environments of one build. */
function rewrittenOnce(rewritten: Map<string, Promise<string>>, key: string, variant: keyof Rewritten, make: () => Promise<Rewritten>): Promise<string> {
  if (!rewritten.has(`${variant}:${key}`)) {
    const both = make();
    for (const v of ['js', 'strip'] as const) {
      const text = both.then((b) => b[v]);
      // The environment that reads only the other text must not see this one's failure as unhandled.
      text.catch(() => undefined);
      rewritten.set(`${v}:${key}`, text);
    }
  }
  return rewritten.get(`${variant}:${key}`)!;
}

/** A rule module as esbuild reads it without its viewer-only metadata, and its source's text (StrippedRule.map). */
export interface StrippedRule {
  contents: string;
  /** The sources and texts of swc's map, which goes inline without the texts: esbuild writes none (`sourcesContent: false`) and source-texts.ts is given them here. */
  map?: Pick<RawMap, 'sources' | 'sourcesContent'>;
}

/**
 * A rule module without its viewer-only metadata, from its stripped JavaScript; the source map goes
 * inline, so the bundle's map still points at the .ts. Made once for prod and internal (`rules`).
 * esbuild decodes the inline map on each of their builds: at 5,000 rules about 0.2-0.3 of its
 * 1.9 s of CPU a build. The text that needs no map, the .ts with the viewer-only ranges blanked
 * for esbuild's TypeScript loader, saved about 0.1 s a build (its TypeScript parse costs the rest
 * back), gives property keys no names in the map, and a module with types in its text would rename
 * the bundle's locals (esbuild names them from the characters of its input).
 */
async function strippedRule(stripped: StrippedModules, rules: Map<string, Promise<StrippedRule>>, path: string): Promise<StrippedRule & { loader: 'js' | 'ts' }> {
  const { js } = await stripped.get(path);
  // Not code that swc parses: esbuild reports the error in the source itself.
  if (!js) return { contents: await readFile(path, 'utf8'), loader: 'ts' };
  const rule = await entryOf(rules, path, async () => {
    const { sources, sourcesContent, ...lean } = JSON.parse(js.map) as RawMap;
    const contents = `${blankRanges(js.code, js.viewerOnly)}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify({ ...lean, sources })).toString('base64')}\n`;
    return { contents, map: { sources, sourcesContent } };
  });
  return { ...rule, loader: 'js' };
}

/**
 * Project modules as esbuild reads them: data elements and libraries with their top-level
 * declarations marked pure (pure-declarations.ts); the site configuration cut to what the
 * environment's rules and data elements read (it changes no behaviour); and, where `strip`, rules and data elements
 * without viewer-only metadata (rewrite-module.ts). Rule modules come from the build's stripped
 * modules, whose JavaScript the declaration hashes have mostly read already.
 */
function projectModules(root: string, strip: boolean, texts: SourceTexts, { site, rewritten = new Map(), strippedRules = new Map(), libraries = [], stripped = new StrippedModules(), keptRewrites }: BundleOptions): Plugin {
  const dirs = (strip ? ['data-elements', 'rules'] : ['data-elements']).map((d) => `${escape(join(root, d) + sep)}.*\\.ts`);
  if (site) dirs.push(escape(site.file));
  if (!strip) dirs.push(...libraries.map(escape));
  // The filter is matched inside esbuild: only project modules call back into Node (a filter on
  // every .ts file cost one round trip per module and pass, seconds with 5,000 rules).
  const filter = new RegExp(`^(?:${dirs.join('|')})$`);
  const dataElements = join(root, 'data-elements') + sep;
  const declarative = (path: string) => path.startsWith(dataElements) || libraries.includes(path);
  const readSource = async (path: string) => {
    const source = await readFile(path, 'utf8');
    return path.startsWith(dataElements) ? markDeclarationsPure(source) : source;
  };
  const load = async (path: string): Promise<StrippedRule & { loader: 'js' | 'ts' }> => {
    const isSite = path === site?.file;
    const pure = declarative(path);
    if (!strip && !isSite && !pure) return { contents: await readSource(path), loader: 'ts' };
    if (!isSite && !pure) return strippedRule(stripped, strippedRules, path);
    // The site configuration is cut per environment: environments that read the same paths share it.
    const use = isSite ? await site!.use : undefined;
    const key = use === undefined ? path : `${path}:${use === 'all' ? 'all' : [...use].sort().join(',')}`;
    const variant = strip ? 'strip' : 'js';
    const contents = await rewrittenOnce(rewritten, key, variant, async () => keptRewrite(keptRewrites, await readSource(path), basename(path), use, pure));
    return { contents, loader: 'js' };
  };
  return {
    name: 'tagc-project-modules',
    setup(build) {
      build.onLoad({ filter }, async (args) => {
        const { contents, loader, map } = await load(args.path);
        texts.loadedFile(args.path, contents, map);
        return { contents, loader };
      });
    },
  };
}

/** The group modules of the `included` rules (rule-groups.ts), each given to `texts` with its sources' texts. */
function ruleGroupModules(groups: RuleGroups, included: ReadonlySet<string>, strip: boolean, texts: SourceTexts): Plugin {
  return {
    name: 'tagc-rule-groups',
    setup(build) {
      build.onResolve({ filter: GROUP_FILE }, (args) => ({ path: resolve(args.resolveDir, args.path) }));
      build.onLoad({ filter: GROUP_FILE }, (args) => {
        const { contents, map } = groups.module(args.path, included, strip);
        texts.loadedFile(args.path, contents, map);
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * The entry imports modules by absolute path; the map embeds the entry's text, so make those
 * specifiers relative to the root (its resolveDir) and keep the build machine's paths out.
 */
export function relativeImports(entry: string, root: string): string {
  return entry.replace(/(\b(?:from|import)\s+)("(?:[^"\\]|\\.)*")/g, (whole, from: string, literal: string) => {
    const spec = JSON.parse(literal) as string;
    if (!isAbsolute(spec)) return whole;
    const rel = relative(root, spec).split(sep).join('/');
    return `${from}${JSON.stringify(rel.startsWith('../') ? rel : `./${rel}`)}`;
  });
}

export async function bundle(root: string, plan: EnvPlan, entry: Entry, options: BundleOptions = {}): Promise<Bundle> {
  const { turn = (build) => build() } = options;
  const texts = new SourceTexts(root);
  const stdin = { contents: relativeImports(entry.source, root), resolveDir: root, sourcefile: `tagc-entry-${plan.env.name}.ts`, loader: 'ts' } as const;
  texts.loaded(stdin.sourcefile, stdin.contents);
  // esbuild's result (its outputs' bytes and texts) is not held through the compression, which
  // at 5,000 rules runs for seconds beside the next environment's esbuild build.
  const { js, esbuildMap, fieldNames, inputs } = taken(
    await turn(() =>
      esbuild.build({
        plugins: [
          ...(options.ruleGroups ? [ruleGroupModules(options.ruleGroups, new Set(plan.rules.map((r) => r.loaded.abs)), !plan.env.debug, texts)] : []),
          projectModules(root, !plan.env.debug, texts, options),
          ...(entry.project === undefined ? [] : [projectFunctionModules(relativeImports(entry.project, root), root, texts)]),
        ],
        stdin,
        absWorkingDir: root,
        ...BROWSER_SCRIPT,
        sourcemap: 'external',
        // Node writes the sources' text into the map (source-texts.ts).
        sourcesContent: false,
        outfile: 'container.js',
        define: defines(plan.env, options.unset),
        dropLabels: plan.env.debug ? [] : ['DEBUG'],
        ...(plan.env.debug ? {} : { ...mangleOptions(options.unmangled), mangleCache: {} }),
        metafile: options.inputs !== false,
      }),
    ),
    entry,
  );
  if (!plan.env.debug) await options.queuedBuilds?.();
  const built: { code: string; map: RawMap } = plan.env.debug ? { code: js, map: JSON.parse(esbuildMap) as RawMap } : await compressOutput(js, fieldNames, esbuildMap);
  const raw = built.code;
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, HASH_PLACEHOLDER.length);
  const fileName = `container.${hash}.min.js`;
  const mapName = `${fileName}.map`;
  // Only debug environments name their map; prod and internal never point at one (docs/publishing.md).
  const mapComment = plan.env.debug ? `//# sourceMappingURL=${mapName}\n` : '';
  const code = `${raw.split(HASH_PLACEHOLDER).join(hash).replace(/\n?$/, '\n')}${mapComment}`;
  const map = JSON.stringify({ ...texts.filled(built.map), file: fileName });
  const buf = Buffer.from(code);
  return {
    fileName,
    mapName,
    code,
    map,
    hash,
    bytes: buf.length,
    gzipBytes: await gzipSize(buf),
    integrity: `sha384-${createHash('sha384').update(buf).digest('base64')}`,
    ...(inputs ? { inputs } : {}),
  };
}

/** What bundle() reads of esbuild's result, taken out of it so that the result can go. */
function taken(result: BuildResult<{ write: false }>, entry: Entry): { js: string; esbuildMap: string; fieldNames: StepFieldNames; inputs?: Record<string, number> } {
  const output = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const esbuildMap = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
  const inputs = result.metafile && keptInputs(result.metafile);
  return { js: entry.project === undefined ? output : inProjectFunction(output), esbuildMap, fieldNames: stepFieldNames(result.mangleCache), ...(inputs ? { inputs } : {}) };
}

/** swc's compression of a script without debug logging, the map chained through it. */
async function compressOutput(js: string, fieldNames: StepFieldNames, esbuildMap: string): Promise<{ code: string; map: RawMap }> {
  const { code, map } = await compressWithMap(await blankToolingFields(js, fieldNames), esbuildMap);
  return { code, map: map! };
}

/** Bundle.inputs from esbuild's metafile. */
function keptInputs(metafile: Metafile): Record<string, number> {
  const inputs: Record<string, number> = {};
  const output = Object.entries(metafile.outputs).find(([k]) => k.endsWith('.js'))?.[1];
  for (const [name, info] of Object.entries(output?.inputs ?? {})) inputs[name] = info.bytesInOutput;
  return inputs;
}
