import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from '../index';
import type { Graph, Manifest } from '../graph-types';
import { startServer } from '../serve/server';
import { consentCookieFor } from './bench-page';
import { launchChromium } from './chromium';
import { checkGoals, type GoalResult } from './goals';
import { buildPeerBundle, type PeerBundle } from './peer-bundle';
import { benchMarkdown } from './report';
import { benchSite, ownScriptStubRoute, thirdPartyStubRoute } from './route-hosts';
import { compareStacks, type StackFigures } from './stacks';
import { median } from './stats';

// `npm run bench`: figures, never thresholds in tests. The bundles and the compile in-process;
// tagc and the Adobe stack (Turbine with a generated container) side by side in one Chromium;
// then the named figure groups of small modules (compiler/bench/<name>.ts exporting a function
// that returns named figures). Each goal of issue 13 is printed with its figure.

const here = dirname(fileURLToPath(import.meta.url));

/** Figure groups: module compiler/bench/<name>.ts and the function it exports. Absent modules are skipped. */
export const EXTRAS: [string, string][] = [
  ['beacon', 'benchBeacon'],
  ['viewer', 'benchViewer'],
  ['compiler-scale', 'benchCompilerScale'],
  ['profile', 'benchProfile'],
  ['diff', 'benchDiff'],
  ['tests', 'benchTests'],
  ['redaction', 'benchRedaction'],
  ['size', 'benchSize'],
];

export const GROUPS = ['stacks', ...EXTRAS.map(([name]) => name)];

export interface BenchOptions {
  /** Rounds of the side-by-side comparison (default 30). */
  rounds?: number;
  /** Only these groups (see GROUPS); bundles and the in-process compile always run. */
  only?: string[];
  log?: (line: string) => void;
}

export interface StacksResult {
  rounds: number;
  peer: Omit<PeerBundle, 'code'>;
  chromium: string;
  figures: StackFigures;
}

export interface BenchFigures {
  date: string;
  machine: { cpus: number; node: string; loadBefore: number[]; loadAfter: number[] };
  sizes: { env: string; bytes: number; gzipBytes: number; rules: number; dataElements: number }[];
  compileMs: number;
  phasesMs: Record<string, number>;
  stacks: StacksResult | { error: string } | null;
  extra: Record<string, Record<string, number> | { error: string }>;
  goals: GoalResult[];
}

async function runStacks(outDir: string, rounds: number, log: (line: string) => void): Promise<StacksResult> {
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const prod = manifest.environments.prod;
  if (!prod) throw new Error('no prod bundle');
  // The peer is generated from the build's graph.json, never from the container's source.
  const graph = JSON.parse(readFileSync(join(outDir, prod.graph), 'utf8')) as Graph;
  const consent = manifest.simulate?.consent ?? null;
  const { code: peerCode, ...peer } = await buildPeerBundle(graph, consent);
  const pls = graph.events.find((e) => e.key === 'Page Load Started')?.rules ?? [];
  const site = benchSite(manifest);
  const server = await startServer({ dir: outDir, routes: [thirdPartyStubRoute(site.hosts), ownScriptStubRoute] });
  const browser = await launchChromium();
  try {
    const setup = { code: { tagc: readFileSync(join(outDir, prod.file), 'utf8'), peer: peerCode }, pageLoadStartedRules: { tagc: pls, peer: pls }, consentCookie: consentCookieFor(consent), site };
    const figures = await compareStacks(browser, server, setup, { rounds, pushes: 11, burst: 100, log });
    return { rounds, peer, chromium: browser.version(), figures };
  } finally {
    await browser.close();
    await server.close();
  }
}

export async function runBench(root: string, options: BenchOptions = {}): Promise<BenchFigures> {
  const log = options.log ?? (() => undefined);
  const wanted = (group: string) => !options.only?.length || options.only.includes(group);
  const loadBefore = loadavg();
  const outDir = join(root, '.tagc-tmp', `bench-${process.pid}`);
  const totals: number[] = [];
  const phases: Record<string, number[]> = {};
  let sizes: BenchFigures['sizes'] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const result = await compile({ root, outDir });
      totals.push(performance.now() - t0);
      for (const [k, v] of Object.entries(result.timings)) (phases[k] ??= []).push(v);
      sizes = result.plans.map((p) => ({ env: p.env.name, bytes: result.bundles[p.env.name].bytes, gzipBytes: result.bundles[p.env.name].gzipBytes, rules: p.rules.length, dataElements: p.dataElements.length }));
    }
    log(`compile: ${median(totals).toFixed(0)} ms (median of 3, in-process)`);

    let stacks: BenchFigures['stacks'] = null;
    if (wanted('stacks')) {
      try {
        stacks = await runStacks(outDir, options.rounds ?? 30, log);
      } catch (error) {
        stacks = { error: String(error) };
      }
    }

    const extra: BenchFigures['extra'] = {};
    for (const [name, fn] of EXTRAS) {
      const file = join(here, `${name}.ts`);
      if (!wanted(name) || !existsSync(file)) continue;
      log(`${name}…`);
      try {
        const mod = (await import(pathToFileURL(file).href)) as Record<string, () => Promise<Record<string, number>>>;
        extra[name] = await mod[fn]();
      } catch (error) {
        extra[name] = { error: String(error) };
      }
    }

    const prod = sizes.find((s) => s.env === 'prod');
    const goals = checkGoals({ prodGzipBytes: prod?.gzipBytes, peerGzipBytes: stacks && !('error' in stacks) ? stacks.peer.gzipBytes : undefined, stacks: stacks && !('error' in stacks) ? stacks.figures : undefined, extra });
    return {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, loadBefore, loadAfter: loadavg() },
      sizes,
      compileMs: median(totals),
      phasesMs: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, median(v)])),
      stacks,
      extra,
      goals,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export { benchMarkdown };

export function writeBenchReport(root: string, f: BenchFigures): string {
  const file = join(root, 'docs', 'benchmarks.md');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, benchMarkdown(f));
  return file;
}
