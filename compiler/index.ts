import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../runtime/declare/types';
import { CompileError, Diagnostics, type Diagnostic } from './diagnostics';
import { environments, ENV_NAMES } from './environments';
import { loadKinds } from './kinds/registry';
import { load } from './phases/1-load';
import { prepareValidation, validate } from './phases/2-validate';
import { buildGraph, type ContainerGraph } from './phases/3-graph';
import { declarationHashes } from './phases/3-graph/hashes';
import { keptStripped, StrippedModules } from './phases/3-graph/hashes/stripped-modules';
import { plan, type EnvPlan } from './phases/4-plan';
import { addPositions } from './diagnostics/locate';
import { emitBundles, manifestFor, projectSiteUse, readManifest, type EarlyWork } from './phases/5-emit';
import { Staging } from './phases/5-emit/staging';
import type { Bundle } from './phases/5-emit/bundle';
import type { BuildStamp } from './phases/5-emit/entry';
import { dataElementNames, declareTypesModule, payloadTypes, writeGenerated } from './phases/5-emit/types';
import { project } from './project';
import { sourceDate } from './source-date';
import { cacheDir, EarlyTypeCheck } from './typecheck';
import { keptRewrites } from './phases/5-emit/rewrite-module';
import { keptSiteFacts } from './phases/5-emit/site-config-use';
import { keptProofs } from './phases/2-validate/kept-proof';
import { boundHeapGrowth } from './heap-growth';

// compile(): load -> validate -> graph -> plan per environment -> emit. Each phase is a folder
// under compiler/phases, numbered in the order data flows.

export interface CompileOptions {
  root: string;
  envs?: Env[];
  /** Write build/ (false: check only). */
  emit?: boolean;
  outDir?: string;
  /**
   * Type-check the container's modules with tsc beside bundling (compiler/typecheck.ts); a type
   * error fails the compile like any other error. Writes the generated types first.
   */
  typecheck?: boolean;
  /** Record each bundle's kept input files (Bundle.inputs; default true). Costs esbuild's metafile: `tagc build` leaves it out. */
  inputs?: boolean;
  /**
   * Hold each bundle's code and map in the result (default true). false: they are read back from
   * the output folder when asked for, so a large build does not carry every environment's texts
   * to its end; `tagc build`, which prints only their sizes, leaves them out.
   */
  texts?: boolean;
  /** Give esbuild a large project's rules joined into fewer modules (5-emit/rule-groups.ts); default: a large project asking for no inputs. */
  ruleGroups?: boolean;
  /** Fixed build time (ISO); default SOURCE_DATE_EPOCH, else the HEAD commit's time, else now (compiler/source-date.ts). */
  buildTime?: string;
  /**
   * Reuse and keep the per-module work (modules stripped and parsed, modules rewritten for the
   * bundles) between builds under node_modules/.cache/tagc, found by each module's text and the
   * code doing the work (compiler/kept-outputs.ts); default true.
   */
  keep?: boolean;
  /**
   * Folder of the kept per-module work; default the project's node_modules/.cache/tagc. A build
   * of another tree of the same project (`tagc diff`'s base) shares the project's: the work is
   * found by each module's text, so the modules the trees have in common are worked once.
   */
  keptIn?: string;
  /**
   * The process is the build's own (the `tagc build` command): a large project's compile then caps
   * V8's heap growth for it (heap-growth.ts). Off by default: a V8 flag set for a process stays set
   * for whatever else it runs, which a library call must not decide.
   */
  ownProcess?: boolean;
}

export interface CompileResult {
  diagnostics: Diagnostic[];
  graph: ContainerGraph;
  plans: EnvPlan[];
  bundles: Record<string, Bundle>;
  /** Generated TypeScript sources by absolute path. */
  generated: Record<string, string>;
  /** Generated files this compile wrote because they changed (with `typecheck`). */
  generatedWritten: string[];
  timings: Record<string, number>;
  outDir: string;
}

/** The per-module work of a build, kept between builds in `dir` when `keep`; the proofs read when `readProofs` (compiler/kept-outputs.ts). */
function keptModuleWork(dir: string, keep: boolean, readProofs: boolean) {
  const file = (name: string, used: boolean) => (used ? join(dir, name) : undefined);
  return {
    stripped: keptStripped(file('stripped-modules.v8', keep)),
    rewrites: keptRewrites(file('rewritten-modules.v8', keep)),
    site: keptSiteFacts(file('site-facts.v8', keep)),
    proofs: keptProofs(file('network-proof.v8', readProofs)),
  };
}

function stampFor(root: string, buildTime?: string): BuildStamp {
  let version = '0.0.0';
  try {
    version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // A sample container without package.json.
  }
  return { version, buildTime: buildTime ?? sourceDate(root) };
}

export async function compile(options: CompileOptions): Promise<CompileResult> {
  const timings: Record<string, number> = {};
  const typecheck = options.typecheck ? new EarlyTypeCheck(project(options.root), timings, options.keep !== false) : null;
  const outDir = options.outDir ?? join(options.root, 'build');
  // Emitted files go to a staging folder as they are made; it is published only once the proofs
  // and tsc have passed, and a compile that fails before that discards it (5-emit/staging.ts).
  const staging = options.emit === false ? null : new Staging(outDir);
  try {
    return await compileWith(options, timings, typecheck, outDir, staging);
  } catch (error) {
    staging?.discard();
    throw error;
  } finally {
    // A compile that failed before tsc answered does not wait for it.
    typecheck?.abort();
  }
}

async function compileWith(options: CompileOptions, timings: Record<string, number>, typecheck: EarlyTypeCheck | null, outDir: string, staging: Staging | null): Promise<CompileResult> {
  const time = async <T>(name: string, f: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await f();
    timings[name] = performance.now() - t0;
    return out;
  };
  const p = project(options.root);
  const diagnostics = new Diagnostics();
  const registry = await loadKinds();

  // Only a build that writes keeps its work. A compile without output (`tagc check`) still takes
  // a kept network proof, which is checked against every file it read, and writes nothing.
  const reuse = options.keep !== false;
  const keep = options.emit !== false && reuse;
  const kept = keptModuleWork(options.keptIn ?? cacheDir(options.root), keep, reuse);
  const loading = time('load', () => load(p, diagnostics));
  // While the load waits for esbuild; TypeScript's API only when no proof was kept (a rebuild mostly takes the kept one).
  prepareValidation({ proof: kept.proofs.empty });
  const loaded = await loading;
  // A large project's build holds node's heap closer to what is live (heap-growth.ts).
  if (options.ownProcess) boundHeapGrowth(loaded.rules.length + loaded.dataElements.length);
  // Content hashes start now (swc strips the modules on Node's thread pool) and finish while the compiler validates and plans.
  // So does the scan of what the project reads from its site configuration.
  // The modules the hashes strip of their types are the ones prod's and internal's bundles read.
  const stripped = new StrippedModules(kept.stripped);
  const early: EarlyWork = options.emit === false ? {} : { hashes: declarationHashes(p, loaded, undefined, stripped), site: projectSiteUse(options.root, loaded, kept.site) };
  for (const pending of Object.values(early)) pending.catch(() => undefined);
  early.stripped = stripped;
  const { network } = await time('validate', () => validate(loaded, registry, diagnostics, reuse ? { proofs: kept.proofs, root: options.root } : undefined));
  // The network proof goes on in TypeScript's process while the compiler graphs, plans and
  // bundles; no output is written before it has answered.
  const t1 = performance.now();
  const proven = network.finally(() => (timings['network proof'] = performance.now() - t1));
  proven.catch(() => undefined);
  const graph = await time('graph', () => buildGraph(loaded, registry));
  addPositions(options.root, diagnostics.list);
  const types = time('types', async () => ({
    [p.generated.payloads]: await payloadTypes(graph, declareTypesModule(options.root, p.generated.payloads), join(cacheDir(options.root), 'payload-types.json')),
    [p.generated.dataElements]: dataElementNames(graph, declareTypesModule(options.root, p.generated.dataElements)),
  }));
  const failOnErrors = async () => {
    if (!diagnostics.errors.length) return;
    const error = new CompileError(diagnostics.list);
    // The types of the declarations that did load, when they can be generated (for tagc check).
    error.generated = await types.catch(() => undefined);
    throw error;
  };
  if (diagnostics.errors.length) await proven;
  await failOnErrors();
  const generated = await types;

  const envs = options.envs?.length ? options.envs : ENV_NAMES;
  const plans = await time('plan', () => envs.map((e) => plan(graph, environments[e])));
  const stamp = stampFor(options.root, options.buildTime);
  // Bundling starts before the proof has answered: it writes only to the staging folder, and
  // graph.json (which lists the diagnostics) waits for the proof.
  const emitStart = performance.now();
  const emitting = staging && emitBundles(graph, plans, registry, options.root, stamp, diagnostics.list, staging, { ...early, proofs: proven }, { inputs: options.inputs, keptRewrites: kept.rewrites, texts: options.texts, ruleGroups: options.ruleGroups });
  emitting?.catch(() => undefined);

  // tsc runs in its own process while the compiler works and esbuild bundles; its errors are awaited before any output.
  const generatedWritten = typecheck ? writeGenerated(generated) : [];
  const typeErrors = typecheck?.errors(generatedWritten.length > 0) ?? null;
  await proven;
  await failOnErrors();
  const failOnTypeErrors = async () => {
    if (!typeErrors) return;
    const t0 = performance.now();
    const found = await typeErrors;
    timings['typecheck (wait)'] = performance.now() - t0;
    if (found.length) throw new CompileError([...diagnostics.list, ...found]);
  };

  let bundles: Record<string, Bundle> = {};
  if (emitting && staging) {
    const out = await emitting;
    bundles = out.bundles;
    Object.assign(timings, out.timings);
    const manifest = manifestFor(graph, plans, bundles, out.hosts, stamp, readManifest(outDir), out.companions);
    staging.write('manifest.json', JSON.stringify(manifest, null, 2));
    await failOnTypeErrors();
    staging.publish();
    for (const work of Object.values(kept)) work.save();
    timings.emit = performance.now() - emitStart;
  } else await failOnTypeErrors();
  return { diagnostics: diagnostics.list, graph, plans, bundles, generated, generatedWritten, timings, outDir };
}
