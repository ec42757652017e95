import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../diagnostics';
import type { HostUse, Manifest } from '../../graph-types';
import type { KindRegistry } from '../../kinds/registry';
import type { ContainerGraph } from '../3-graph';
import type { EnvPlan } from '../4-plan';
import { bundle, type Bundle } from './bundle';
import { entrySource, type BuildStamp } from './entry';
import { graphJson } from './graph-json';
import { hostInventory } from './hosts';
import { schemaDocuments } from './schema-docs';
import { simulationSettings } from './simulation-settings';
import { siteValidation, validationEntry } from './validators';

// Phase 5: bundles, graphs and the manifest, written to a staging folder and then swapped
// into build/ so that a failed build never leaves a half-written output.

/** This tagc's runtime entry, for a container that has no runtime of its own (an imported one). */
const OWN_RUNTIME = fileURLToPath(new URL('../../../runtime/core/start.ts', import.meta.url));

export interface EmitResult {
  bundles: Record<string, Bundle>;
  manifest: Manifest;
  timings: Record<string, number>;
}

export async function emitBundles(graph: ContainerGraph, plans: EnvPlan[], registry: KindRegistry, root: string, stamp: BuildStamp, diagnostics: Diagnostic[], hashes: Promise<Map<string, string>> = Promise.resolve(new Map())): Promise<{ bundles: Record<string, Bundle>; files: Record<string, string>; timings: Record<string, number>; hosts: Record<string, HostUse[]> }> {
  const domains = (graph.load.site?.value.allowedDomains ?? []) as string[];
  const site = siteValidation(graph.load.site?.value);
  const runtimeStart = join(root, 'runtime', 'core', 'start.ts');
  const bundles: Record<string, Bundle> = {};
  const files: Record<string, string> = {};
  const timings: Record<string, number> = {};
  const hosts: Record<string, HostUse[]> = {};
  for (const plan of plans) {
    const t0 = performance.now();
    const env = plan.env.name;
    const extras = validationEntry(graph, plan, site, stamp.version);
    const b = await bundle(root, plan, entrySource(graph, plan, existsSync(runtimeStart) ? runtimeStart : OWN_RUNTIME, domains, stamp, extras));
    bundles[env] = b;
    files[`${env}/${b.fileName}`] = b.code;
    files[`${env}/${b.mapName}`] = b.map;
    hosts[env] = hostInventory(plan, registry, site);
    timings[`bundle ${env}`] = performance.now() - t0;
  }
  // Declaration hashes were computed alongside; graph.json needs them.
  const t0 = performance.now();
  const hashMap = await hashes;
  timings['hashes (wait)'] = performance.now() - t0;
  for (const plan of plans) {
    const env = plan.env.name;
    files[`${env}/graph.json`] = JSON.stringify({ ...graphJson(graph, plan, bundles[env], stamp, diagnostics, hashMap), hosts: hosts[env] }, null, 1);
  }
  Object.assign(files, schemaDocuments(graph, site, stamp.version));
  return { bundles, files, timings, hosts };
}

export function manifestFor(graph: ContainerGraph, plans: EnvPlan[], bundles: Record<string, Bundle>, hosts: Record<string, HostUse[]>, stamp: BuildStamp, previous: Manifest | null): Manifest {
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

/**
 * Writes `files` (paths relative to outDir) atomically per top-level folder: everything goes to
 * a staging folder first; each environment folder then replaces the old one by rename.
 */
export function writeOutput(outDir: string, files: Record<string, string>): void {
  const staging = join(outDir, `.staging-${process.pid}-${Date.now()}`);
  mkdirSync(staging, { recursive: true });
  try {
    for (const [path, content] of Object.entries(files)) {
      const full = join(staging, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
    const tops = [...new Set(Object.keys(files).map((p) => p.split('/')[0]))];
    for (const top of tops) {
      const target = join(outDir, top);
      const old = `${target}.old-${process.pid}`;
      if (existsSync(target)) renameSync(target, old);
      renameSync(join(staging, top), target);
      rmSync(old, { recursive: true, force: true });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
