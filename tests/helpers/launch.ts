import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { compile } from '../../compiler';
import { importLaunch, type LaunchImport } from '../../compiler/import/launch';
import { writeImport } from '../../compiler/import/launch/write';
import { simulate, simulateScript, type SimulateOptions, type SimulateResult } from '../../compiler/simulate';
import { REPO, removeContainer } from './container';

// Launch libraries in tests: one imported and built as a tagc container, and the same library run
// by Adobe's Turbine engine (the npm package, bundled with esbuild) in the same simulated page.

export const FIXTURES = join(REPO, 'tests', 'fixtures', 'launch');

let engine: Promise<string> | undefined;

/** Turbine's engine as a published library carries it after the container. */
export function turbineEngine(): Promise<string> {
  engine ??= esbuild
    .build({ entryPoints: [createRequire(import.meta.url).resolve('@adobe/reactor-turbine/dist/engine.js')], bundle: true, format: 'iife', write: false, minify: true, logLevel: 'silent' })
    .then((r) => r.outputFiles[0].text);
  return engine;
}

/** Runs a library through Turbine in simulate's page; Launch's _monitors record the rules that completed. */
export async function runTurbine(libraryFile: string, options: Omit<SimulateOptions, 'env'>): Promise<SimulateResult & { completed: string[] }> {
  const completed: string[] = [];
  const code = `${readFileSync(libraryFile, 'utf8')}\n${await turbineEngine()}`;
  const result = await simulateScript(
    { code, file: libraryFile, hash: '' },
    {
      env: 'launch',
      ...options,
      beforeLoad: (win) => {
        (win as unknown as { _satellite: unknown })._satellite = { _monitors: [{ ruleCompleted: (e: { rule: { name: string } }) => completed.push(e.rule.name) }] };
        options.beforeLoad?.(win);
      },
    },
  );
  return { ...result, completed };
}

export interface ImportedContainer {
  root: string;
  imported: LaunchImport;
  run(options: Omit<SimulateOptions, 'env' | 'buildDir'>): Promise<SimulateResult>;
  remove(): void;
}

/** Imports a library into a temporary container inside the repository and builds its prod bundle. */
export async function importAndBuild(name: string, library: string): Promise<ImportedContainer> {
  const root = join(REPO, '.tagc-tmp', `launch-${name}-${process.pid}`);
  removeContainer(root);
  const imported = importLaunch(library, root);
  writeImport(root, imported.files);
  await compile({ root, envs: ['prod'], buildTime: '2026-03-02T10:00:00.000Z' });
  return {
    root,
    imported,
    run: (options) => simulate({ env: 'prod', buildDir: join(root, 'build'), ...options }),
    remove: () => removeContainer(root),
  };
}

/** Fields that differ between any two runs (time, random, browser technology): left out of comparisons. */
const VOLATILE = new Set(['t', 'AQB', 'AQE', 'ndh', 's', 'c', 'j', 'v', 'k', 'bw', 'bh']);

/** The analytics beacons of a run, decoded: report suite and the parameters that carry data. */
export function beacons(result: SimulateResult, trackingServer: string): Record<string, string>[] {
  return result.requests
    .filter((r) => r.url.startsWith(`https://${trackingServer}/b/ss/`))
    .map((r) => {
      const rsid = decodeURIComponent(new URL(r.url).pathname.split('/')[3]);
      return { rsid, ...Object.fromEntries(Object.entries(r.params).filter(([k]) => !VOLATILE.has(k))) };
    });
}
