import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Manifest } from '../graph-types';
import { simulate } from '../simulate';
import type { SimulateResult } from '../simulate/types';
import type { Route } from './server';

// The viewer's Preview behind `tagc serve`: `POST /api/preview` runs one environment's built
// bundle through the simulator in this process (the bundle never leaves the machine) and answers
// the simulate JSON. `GET /api/preview` says Preview is available, with the environments it can
// run and the saved scenarios a picker can offer (none yet). Runs are one at a time.

export const PREVIEW_PATH = '/api/preview';
/** A preview request is a page description, not a payload store. */
export const MAX_PREVIEW_BYTES = 64 * 1024;

const CATEGORY = '(analytics|advertising|performance)';
const entry = z.record(z.string(), z.unknown());

/** The input Preview accepts; everything else is refused with where it is wrong. */
export const previewInput = z.strictObject({
  env: z.string().min(1).max(40),
  url: z
    .string()
    .max(2048)
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'an http(s) page URL'),
  consent: z
    .string()
    .regex(new RegExp(`^(unset|all|none|${CATEGORY}(,${CATEGORY})*)$`), 'unset, all, none or a comma list of analytics, advertising, performance')
    .default('unset'),
  cookies: z.array(z.string().max(4096).regex(/^[^=;\s]+=[^;]*$/, 'name=value')).max(50).default([]),
  /** Data-layer entries in appEventData before the bundle loads. */
  push: z.array(entry).max(100).default([]),
  /** Data-layer entries pushed after window load. */
  after: z.array(entry).max(100).default([]),
});
export type PreviewInput = z.input<typeof previewInput>;

export interface PreviewInfo {
  available: true;
  environments: string[];
  /** Named inputs a picker can offer; filled when the project declares scenarios. */
  scenarios: { name: string; input: PreviewInput }[];
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
export function previewRoute(buildDir: string): Route {
  let queue: Promise<unknown> = Promise.resolve();
  return async (req, res, body) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== PREVIEW_PATH) return false;
    if (req.method === 'GET') return send(res, 200, { available: true, environments: environments(buildDir), scenarios: [] });
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
    const run = queue.then(() => simulate({ env: input.env, url: input.url, consent: input.consent, cookies: input.cookies, push: input.push, after: input.after, buildDir }));
    queue = run.catch(() => undefined);
    try {
      return send(res, 200, { result: await run });
    } catch (error) {
      return send(res, 500, { error: `the simulator failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}
