import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../diagnostics';
import { listModules } from '../../project';
import { cacheDir } from '../../typecheck';
import type { HostUse, Manifest } from '../../graph-types';
import type { KindRegistry } from '../../kinds/registry';
import type { LoadResult } from '../1-load';
import type { ContainerGraph } from '../3-graph';
import type { EnvPlan } from '../4-plan';
import { StrippedModules } from '../3-graph/hashes/stripped-modules';
import { bundle, type Bundle, type BundleOptions } from './bundle';
import { LARGE_PROJECT_MODULES, releaseService } from '../../esbuild-api';
import { buildCompanion, type Companion } from './companion';
import { egressEntry, sitePrivacy } from './egress';
import { dataElementReaders } from './data-element-rows';
import { descendingPath, entrySource, type BuildStamp } from './entry';
import { OWN_RUNTIME_START, runtimeStartOf } from './runtime-modules';
import { graphJsonBytes, type RuleTexts } from './graph-json';
import { hostInventory } from './hosts';
import { jsonKeys, payloadNames } from './mangled-props';
import { schemaDocuments } from './schema-docs';
import { simulationSettings } from './simulation-settings';
import { keptSiteFacts, scanSiteConfig, siteUseOf, type SiteFacts, type SiteScan, type SiteUse } from './site-config-use';
import type { KeptOutputs } from '../../kept-outputs';
import { dataLayerEntry } from './data-layer-entry';
import type { Staging } from './staging';
import { siteValidation, validationEntry } from './validators';
import { optionSources, unsetOptions } from './unset-options';
import { ruleGroups } from './rule-groups';

// Phase 5: bundles, graphs and the manifest, written to a staging folder as each is made and
// swapped into build/ only once the build has passed (./staging.ts), so that a failed build never
// leaves a half-written output.

export interface EmitResult {
  bundles: Record<string, Bundle>;
  manifest: Manifest;
  timings: Record<string, number>;
}

/** What emitBundles made; its files are in the staging folder already. */
export interface Emitted {
  bundles: Record<string, Bundle>;
  timings: Record<string, number>;
  hosts: Record<string, HostUse[]>;
  /** Debug companions of the environments without debug logging. */
  companions: Record<string, Companion>;
}

/**
 * The project's modules that read its site configuration (site-config-use.ts): it needs only the
 * loaded files, so compile() starts it beside validation. `kept`: facts of earlier builds.
 */
export async function projectSiteUse(root: string, load: LoadResult, kept = keptSiteFacts(undefined)): Promise<ProjectSite | undefined> {
  const file = load.site?.abs;
  return file ? { file, scan: await scanSiteConfig(['rules', 'data-elements', 'runtime'].map((d) => join(root, d)), file, kept), kept } : undefined;
}

export interface ProjectSite {
  file: string;
  scan: SiteScan;
  kept: KeptOutputs<SiteFacts>;
}

/** What one environment's bundle reads from the site configuration: the excluded rules' and data elements' reads do not count. */
function envSiteUse(site: ProjectSite, graph: ContainerGraph, plan: EnvPlan): Promise<SiteUse> {
  const leftOut = new Map<string, Set<string>>();
  const add = (abs: string, name: string) => leftOut.set(abs, (leftOut.get(abs) ?? new Set()).add(name));
  const excludedRules = new Set(plan.excluded.rules);
  for (const r of graph.rules) if (excludedRules.has(r.loaded.value.id)) add(r.loaded.abs, r.loaded.exportName);
  for (const name of plan.excluded.dataElements) {
    const loaded = graph.dataElements.get(name)?.loaded;
    if (loaded) add(loaded.abs, loaded.exportName);
  }
  // Tooling is compiled in where debug is (compiler/environments.ts).
  return siteUseOf(site.scan, (file) => leftOut.get(file), site.kept, plan.env.debug ? undefined : plan.env.name);
}

/** envSiteUse once the scan is done; a failed scan is reported by emitBundles, whether or not esbuild loaded the module. */
function siteUse(scan: Promise<ProjectSite | undefined>, graph: ContainerGraph, plan: EnvPlan): Promise<SiteUse> {
  const use = scan.then((site) => (site ? envSiteUse(site, graph, plan) : 'all'));
  use.catch(() => undefined);
  return use;
}

/** Work compile() starts before emitting, so that it overlaps the compiler's other phases. */
export interface EarlyWork {
  /** Declaration hashes (3-graph/hashes/), for graph.json. */
  hashes?: Promise<Map<string, string>>;
  site?: Promise<ProjectSite | undefined>;
  /** Validation still under way (the network proof): graph.json lists every diagnostic, so it waits. */
  proofs?: Promise<unknown>;
  /** The project's modules stripped of types, read by the hashes and again by the bundles that strip metadata. */
  stripped?: StrippedModules;
}

/**
 * How the environments' esbuild builds share esbuild's process. A small project's builds all run
 * at once: each waits on Node for its project modules (plugin callbacks) and on swc, so one at a
 * time left both cores idle for much of the build. A large project's go one at a time
 * (`oneAtATime`), two environments prepared at once keeping esbuild busy while Node prepares the
 * next entry: two builds in esbuild's process at once held twice the memory (5,000 rules: 730-870
 * MB against about 500 MB) for the same CPU. A bundle is compressed once the build queued behind
 * its own has ended (`queuedBuilds`): prod's compression beside internal's build held 45 MB of
 * swc's memory in node where esbuild peaks; prod's and internal's now run side by side. After each of
 * those builds esbuild's service process is ended (releaseService), so that the next starts
 * without what this one grew.
 *
 * The environments do not share one build. One build with an entry point per environment parses
 * and links each module once (5,000 rules: test, dev and stg 3.1-4.0 s of esbuild's CPU against
 * 6.2 s apart, each output byte-identical to its own build's), but gives a module one text and one
 * set of defines, and what differs between environments (their site configuration, __TAGC_ENV__
 * in runtime/core/log.ts and declare/for-environment.ts) is imported by every rule. Nor one
 * context rebuilt per environment: it reuses only unchanged files' parses (debug environments
 * -10 %; prod and internal nothing, esbuild reads each rule's inline source map on every build)
 * and keeps esbuild's process, +100-190 MB; with a define changed by text instead, esbuild names
 * locals differently (its character frequencies count the source text).
 */
function concurrency(graph: ContainerGraph, envs: number): { atOnce: number } & Pick<BundleOptions, 'turn' | 'queuedBuilds'> {
  if (!isLarge(graph)) return { atOnce: envs };
  const { turn, queued } = oneAtATime(releaseService);
  return { atOnce: 2, turn, queuedBuilds: queued };
}

const isLarge = (graph: ContainerGraph) => graph.rules.length + graph.dataElements.size >= LARGE_PROJECT_MODULES;

/** The rule modules in the order the entries import them (entry.ts). */
const ruleFiles = (graph: ContainerGraph) => [...new Set(graph.rules.map((r) => r.loaded.abs))].sort(descendingPath);

/**
 * A queue: each function runs once those queued before it have settled and `after` has run;
 * `queued()` settles once every function queued so far has.
 */
function oneAtATime(after: () => void): { turn: <T>(f: () => Promise<T>) => Promise<T>; queued: () => Promise<unknown> } {
  let last: Promise<unknown> = Promise.resolve();
  const turn = <T>(f: () => Promise<T>) => {
    const run = last.then(f).finally(after);
    last = run.catch(() => undefined);
    return run;
  };
  return { turn, queued: () => last };
}

/** `f` over `items`, at most `limit` at a time; results in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A bundle whose code and map are read back from the output folder when asked for (EmitOptions.texts
 * false), instead of held to the build's end: at 5,000 rules the five environments' texts are
 * about 50 MB of node's heap where its memory peaks.
 */
function writtenBundle(b: Bundle, output: Staging, env: string): Bundle {
  const { fileName, mapName, hash, bytes, gzipBytes, integrity, inputs } = b;
  return {
    fileName,
    mapName,
    hash,
    bytes,
    gzipBytes,
    integrity,
    ...(inputs ? { inputs } : {}),
    get code() {
      return output.read(`${env}/${fileName}`);
    },
    get map() {
      return output.read(`${env}/${mapName}`);
    },
  };
}

/** What a caller asks of emitBundles besides the bundles' own options. */
export interface EmitOptions extends Pick<BundleOptions, 'inputs' | 'keptRewrites'> {
  /** Hold each bundle's code and map in the result (default true); false: read back from the output folder when asked for. */
  texts?: boolean;
  /**
   * Give esbuild the rules joined into fewer modules (rule-groups.ts). Default: a large project's
   * build that asks for no inputs (Bundle.inputs names each rule's file).
   */
  ruleGroups?: boolean;
}

/**
 * The values of the JSON modules a project's declarations import (the load's esbuild inputs), for
 * the names their keys spell (mangled-props.ts jsonKeys). A file JSON.parse refuses (esbuild's
 * loader reports it) gives every string it holds, as a key or not.
 */
function projectJson(sources: readonly string[]): unknown[] {
  return sources
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return Object.fromEntries([...text.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map(([, key]) => [key, null]));
      }
    });
}

export async function emitBundles(graph: ContainerGraph, plans: EnvPlan[], registry: KindRegistry, root: string, stamp: BuildStamp, diagnostics: Diagnostic[], output: Staging, early: EarlyWork = {}, asked: EmitOptions = {}): Promise<Emitted> {
  const domains = (graph.load.site?.value.allowedDomains ?? []) as string[];
  const site = siteValidation(graph.load.site?.value);
  const privacy = sitePrivacy(graph.load.site?.value);
  const bundles: Record<string, Bundle> = {};
  const timings: Record<string, number> = {};
  const hosts: Record<string, HostUse[]> = {};
  const companions: Record<string, Companion> = {};
  const runtime = runtimeStartOf(root);
  const libraries = ['rules', 'data-elements'].flatMap((d) => listModules(join(root, d), 'lib'));
  const readers = await dataElementReaders(runtime);
  const { atOnce, turn, queuedBuilds } = concurrency(graph, plans.length);
  const unmangled = new Set([...payloadNames(graph.load.schemas.map((s) => s.value.schema)), ...jsonKeys(projectJson(graph.load.sources ?? []))]);
  const stripped = early.stripped ?? new StrippedModules();
  const options: BundleOptions = { inputs: asked.inputs, keptRewrites: asked.keptRewrites, rewritten: new Map(), strippedRules: new Map(), libraries, stripped, turn, queuedBuilds, unmangled };
  const groups = (asked.ruleGroups ?? (isLarge(graph) && asked.inputs === false)) ? ruleGroups(ruleFiles(graph), stripped) : undefined;
  groups?.catch(() => undefined);
  // Only the environments without debugging read it, the others keeping every field (environments.ts):
  // a build of none of them does not search (it could still run once the build forgets the stripped modules).
  const optionScan = async () => unsetOptions(await optionSources(root, graph.load.site?.abs, graph.load.sources, [runtime, OWN_RUNTIME_START].map((start) => dirname(dirname(start)))), stripped);
  const unset = plans.some((p) => !p.env.debug) ? optionScan() : Promise.resolve(undefined);
  unset.catch(() => undefined);
  // Not awaited here: only the site configuration module's load waits for the scan (bundle.ts).
  const siteScan = early.site ?? projectSiteUse(root, graph.load);
  const siteFile = graph.load.site?.abs;
  // Each graph.json (11 MB at 5,000 rules) is made and written as soon as its environment's bundle
  // is, while the next environments build, rather than all at the end; it waits for the proofs
  // (it lists every diagnostic) and the declaration hashes. A rule's entry is serialized once for
  // every environment, in whichever order they are built.
  const ruleTexts: RuleTexts = new Map();
  let hashMap: Promise<Map<string, string>> | undefined;
  let hashesWait = 0;
  const hashesOnce = () =>
    (hashMap ??= (async () => {
      await early.proofs;
      const t0 = performance.now();
      const hashes = (await early.hashes) ?? new Map<string, string>();
      hashesWait = performance.now() - t0;
      return hashes;
    })());
  let graphs: Promise<void> = Promise.resolve();
  const graphJsonOf = (plan: EnvPlan, b: Bundle, envHosts: HostUse[]) => {
    graphs = graphs.then(async () => output.write(`${plan.env.name}/graph.json`, graphJsonBytes(graph, plan, b, stamp, diagnostics, await hashesOnce(), envHosts, ruleTexts)));
    // Awaited once every bundle is built: a failed proof fails the build there.
    graphs.catch(() => undefined);
  };
  // The environments build side by side: esbuild works in its own process while Node prepares
  // the next entry. Results are gathered in plan order, so the output does not depend on timing.
  const built = await inParallel(
    plans,
    atOnce,
    async (plan) => {
      const t0 = performance.now();
      const env = plan.env.name;
      const envHosts = hostInventory(plan, registry, site);
      const validation = validationEntry(graph, plan, site, stamp.version, runtime, join(cacheDir(root), 'validators.json'));
      const dataLayer = dataLayerEntry(site, runtime);
      const config: Record<string, string> = { dataLayer: dataLayer.config, ...validation.config };
      const grouped = await groups;
      const extras = { prelude: [...dataLayer.prelude, ...validation.prelude], config, readers, ruleImport: grouped && ((abs: string) => grouped.of.get(abs)) };
      // The bundle carries its own inventory: its egress point refuses any other host.
      extras.config.egress = egressEntry(plan, envHosts, privacy);
      const companion = plan.env.debug ? undefined : await buildCompanion(plan, envHosts, runtime, stamp);
      if (companion) extras.config = { ...extras.config, companion: JSON.stringify({ file: companion.fileName, integrity: companion.integrity }) };
      const b = await bundle(root, plan, entrySource(graph, plan, runtime, domains, stamp, extras), { ...options, ruleGroups: grouped, unset: plan.env.debug ? undefined : await unset, site: siteFile === undefined ? undefined : { file: siteFile, use: siteUse(siteScan, graph, plan) } });
      if (companion) output.write(`${env}/${companion.fileName}`, companion.code);
      output.write(`${env}/${b.fileName}`, b.code);
      output.write(`${env}/${b.mapName}`, b.map);
      const held = asked.texts === false ? writtenBundle(b, output, env) : b;
      graphJsonOf(plan, held, envHosts);
      return { env, hosts: envHosts, companion, bundle: held, ms: performance.now() - t0 };
    },
  );
  // Every bundle is built: the project modules' texts as esbuild read them are not needed again.
  options.rewritten?.clear();
  options.strippedRules?.clear();
  (await groups)?.clear();
  options.keptRewrites?.flush();
  // A failed scan fails the build as itself, not as esbuild's report of a plugin error.
  await siteScan;
  for (const { env, hosts: envHosts, companion, bundle: b, ms } of built) {
    hosts[env] = envHosts;
    if (companion) companions[env] = companion;
    bundles[env] = b;
    timings[`bundle ${env}`] = ms;
  }
  // The hashes and every bundle have read the stripped modules: the last graph.json is made without them.
  await hashesOnce();
  options.stripped?.clear();
  await graphs;
  timings['hashes (wait)'] = hashesWait;
  for (const [path, text] of Object.entries(schemaDocuments(graph, site, stamp.version))) output.write(path, text);
  return { bundles, timings, hosts, companions };
}

export function manifestFor(graph: ContainerGraph, plans: EnvPlan[], bundles: Record<string, Bundle>, hosts: Record<string, HostUse[]>, stamp: BuildStamp, previous: Manifest | null, companions: Record<string, Companion> = {}): Manifest {
  const environments: Manifest['environments'] = { ...(previous?.environments ?? {}) };
  for (const plan of plans) {
    const b = bundles[plan.env.name];
    environments[plan.env.name] = {
      file: `${plan.env.name}/${b.fileName}`,
      bytes: b.bytes,
      gzipBytes: b.gzipBytes,
      integrity: b.integrity,
      rules: plan.rules.length,
      dataElements: plan.dataElements.length,
      map: `${plan.env.name}/${b.mapName}`,
      graph: `${plan.env.name}/graph.json`,
      hosts: hosts[plan.env.name] ?? [],
    };
    const c = companions[plan.env.name];
    if (c) environments[plan.env.name]!.debug = { file: `${plan.env.name}/${c.fileName}`, integrity: c.integrity, bytes: c.bytes, gzipBytes: c.gzipBytes };
  }
  return { version: stamp.version, buildTime: stamp.buildTime, environments, simulate: simulationSettings(graph) };
}

export function readManifest(outDir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}
