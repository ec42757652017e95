import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Manifest } from '../graph-types';
import { simulateOptions } from '../scenarios/options';
import type { LoadedScenario } from '../scenarios/types';
import { simulate } from '../simulate';
import type { SimulateOptions, SimulateResult } from '../simulate/types';
import type { Route } from './server';

// The viewer's Preview behind `tagc serve`: `POST /api/preview` runs one environment's built
// bundle through the simulator in this process (the bundle never leaves the machine) and answers
// the simulate JSON. `GET /api/preview` says Preview is available, with the environments it can
// run and the project's scenarios (tests/scenarios), which a request can name instead of
// describing the page: the scenario then runs exactly as `tagc diff` and the golden test run it.
// Runs are one at a time.

export const PREVIEW_PATH = '/api/preview';
/** A preview request is a page description, not a payload store. */
export const MAX_PREVIEW_BYTES = 64 * 1024;

const CATEGORY = '(analytics|advertising|performance)';
const entry = z.record(z.string(), z.unknown());

/** The input Preview accepts; everything else is refused with where it is wrong. */
export const previewInput = z.strictObject({
  env: z.string().min(1).max(40),
  /** A project scenario by name, run as declared; the page fields below are then ignored. */
  scenario: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a scenario name').optional(),
  url: z
    .string()
    .max(2048)
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'an http(s) page URL')
    .optional(),
  consent: z
    .string()
    .regex(new RegExp(`^(unset|all|none|${CATEGORY}(,${CATEGORY})*)$`), 'unset, all, none or a comma list of analytics, advertising, performance')
    .default('unset'),
  cookies: z.array(z.string().max(4096).regex(/^[^=;\s]+=[^;]*$/, 'name=value')).max(50).default([]),
  /** Data-layer entries in appEventData before the bundle loads. */
  push: z.array(entry).max(100).default([]),
  /** Data-layer entries pushed after window load. */
  after: z.array(entry).max(100).default([]),
}).refine((i) => i.scenario !== undefined || i.url !== undefined, { message: 'a page URL or a scenario', path: ['url'] });
export type PreviewInput = z.input<typeof previewInput>;

export interface PreviewInfo {
  available: true;
  environments: string[];
  /** The project's scenarios a picker can offer (empty when it declares none). */
  scenarios: PreviewScenario[];
}

export interface PreviewScenario {
  name: string;
  family: string;
  description: string;
  file: string;
  /** Environments it is declared for; null: every one. */
  environments: string[] | null;
}

export type PreviewAnswer = { result: SimulateResult } | { error: string; issues?: { path: string; message: string }[] };

function send(res: Parameters<Route>[1], status: number, body: PreviewInfo | PreviewAnswer): true {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
  return true;
}

function environments(buildDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(buildDir, 'manifest.json'), 'utf8')) as Manifest;
  return Object.keys(manifest.environments);
}

/** The route `tagc serve` mounts next to the static build. */
export function previewRoute(buildDir: string, options: { scenarios?: () => Promise<LoadedScenario[]> } = {}): Route {
  let queue: Promise<unknown> = Promise.resolve();
  let loaded: Promise<LoadedScenario[]> | undefined;
  const scenarios = () => (loaded ??= options.scenarios?.() ?? Promise.resolve([]));
  const listed = async (): Promise<PreviewScenario[]> =>
    (await scenarios()).map((l) => ({ name: l.scenario.name, family: l.family, description: l.scenario.description, file: l.file, environments: l.environments ? [...l.environments] : null }));
  return async (req, res, body) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== PREVIEW_PATH) return false;
    if (req.method === 'GET') {
      let list: PreviewScenario[];
      try {
        list = await listed();
      } catch (error) {
        // Broken scenario modules must not take Preview down: it still runs pages described by hand.
        process.stderr.write(`tagc serve: scenarios not offered: ${error instanceof Error ? error.message : String(error)}\n`);
        list = [];
      }
      return send(res, 200, { available: true, environments: environments(buildDir), scenarios: list });
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'GET, POST');
      return send(res, 405, { error: `${req.method} is not allowed: POST a preview request` });
    }
    if (Buffer.byteLength(body) > MAX_PREVIEW_BYTES) return send(res, 413, { error: `the request is over ${MAX_PREVIEW_BYTES} bytes` });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      return send(res, 400, { error: `the request is not JSON: ${(error as Error).message}` });
    }
    const parsed = previewInput.safeParse(json);
    if (!parsed.success)
      return send(res, 400, { error: 'the preview request is not valid', issues: parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(request)', message: i.message })) });
    const input = parsed.data;
    const envs = environments(buildDir);
    if (!envs.includes(input.env)) return send(res, 400, { error: `no "${input.env}" bundle in this build`, issues: [{ path: 'env', message: `one of ${envs.join(', ')}` }] });
    let options: SimulateOptions = { env: input.env, url: input.url, consent: input.consent, cookies: input.cookies, push: input.push, after: input.after, buildDir };
    if (input.scenario !== undefined) {
      const found = (await scenarios().catch(() => [])).find((l) => l.scenario.name === input.scenario);
      if (!found) return send(res, 400, { error: `no scenario "${input.scenario}" in this project`, issues: [{ path: 'scenario', message: 'a scenario GET /api/preview lists' }] });
      options = simulateOptions(found.scenario, input.env as Parameters<typeof simulateOptions>[1], buildDir);
    }
    const run = queue.then(() => simulate(options));
    queue = run.catch(() => undefined);
    try {
      return send(res, 200, { result: await run });
    } catch (error) {
      return send(res, 500, { error: `the simulator failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}
