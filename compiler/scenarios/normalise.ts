import type { SimulatedRequest, SimulateResult } from '../simulate/types';

// What a simulation sent, with what is random or time-bound replaced by a placeholder, so that two
// runs of the same bundle compare equal and two builds differ only where a rule decides
// differently. One normaliser for the golden files and `tagc diff` (pure: no Node imports).
//
// Replaced: the random `s<digits>` segment of beacon paths ({random}); `ord`, `rnd` ({random});
// `t`, `ts`, `timestamp` ({time}); visitor ids: `mid`, `d_mid`, `aid` and any 38-digit id
// ({visitor}); request and session ids: `requestId`, `sessionId` and UUIDs ({id}); the bundle's
// own content hash ({bundle}, e.g. a QA build id). Kept: everything else, including every value a
// rule or data element computes. Requests are sorted (their order depends on when asynchronous
// answers arrive); so are the rules that fired.

export interface NormalisedRequest {
  method: string;
  transport: SimulatedRequest['transport'];
  /** Origin and path (random segments replaced, `;k=v` path parameters moved to params). */
  url: string;
  /** Query, path and urlencoded-body parameters, keys sorted. */
  params: Record<string, string>;
  /** A body that is not urlencoded parameters: parsed JSON, or text. */
  body?: unknown;
}

export interface NormalisedRun {
  requests: NormalisedRequest[];
  /** `<rule> @ <event>` for each rule that fired, sorted. */
  fired: string[];
  /** `<rule> @ <event>` for each rule whose conditions failed, sorted. */
  skipped: string[];
  /** `<rule> @ <event>: <action>` for each action that failed, sorted. */
  failed: string[];
}

export const PLACEHOLDER = { random: '{random}', time: '{time}', visitor: '{visitor}', id: '{id}', bundle: '{bundle}' } as const;

const BY_KEY: Record<string, string> = {
  ord: PLACEHOLDER.random,
  rnd: PLACEHOLDER.random,
  t: PLACEHOLDER.time,
  ts: PLACEHOLDER.time,
  timestamp: PLACEHOLDER.time,
  mid: PLACEHOLDER.visitor,
  d_mid: PLACEHOLDER.visitor,
  aid: PLACEHOLDER.visitor,
  requestId: PLACEHOLDER.id,
  sessionId: PLACEHOLDER.id,
};

const VISITOR_ID = /\b\d{38}\b/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

function text(value: string, bundleHash: string): string {
  let out = value.replace(VISITOR_ID, PLACEHOLDER.visitor).replace(UUID, PLACEHOLDER.id);
  if (bundleHash) out = out.split(bundleHash).join(PLACEHOLDER.bundle);
  return out;
}

function value(key: string, v: string, bundleHash: string): string {
  return BY_KEY[key] ?? text(v, bundleHash);
}

function json(node: unknown, bundleHash: string, key = ''): unknown {
  if (key in BY_KEY && node !== null && typeof node !== 'object') return BY_KEY[key];
  if (typeof node === 'string') return text(node, bundleHash);
  if (Array.isArray(node)) return node.map((n) => json(n, bundleHash));
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(node).sort()) out[k] = json((node as Record<string, unknown>)[k], bundleHash, k);
    return out;
  }
  return node;
}

function sortedParams(params: Record<string, string>, bundleHash: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(params).sort()) out[k] = value(k, params[k]!, bundleHash);
  return out;
}

function path(url: string): string {
  try {
    const u = new URL(url);
    const segments = u.pathname.split(';')[0]!.split('/').map((s) => (/^s\d{6,}$/.test(s) ? `s${PLACEHOLDER.random}` : s));
    return `${u.origin}${segments.join('/')}`;
  } catch {
    return url.split('?')[0]!;
  }
}

function body(raw: string | null, bundleHash: string): unknown {
  if (raw === null || raw === '') return undefined;
  if (/^[^=&\s{[<]+=/.test(raw)) return undefined; // urlencoded: already in params
  try {
    return json(JSON.parse(raw), bundleHash);
  } catch {
    return text(raw, bundleHash);
  }
}

export function normaliseRequest(r: SimulatedRequest, bundleHash = ''): NormalisedRequest {
  const out: NormalisedRequest = { method: r.method, transport: r.transport, url: text(path(r.url), bundleHash), params: sortedParams(r.params, bundleHash) };
  const b = body(r.body, bundleHash);
  if (b !== undefined) out.body = b;
  return out;
}

/** A stable text form of a normalised request, for sorting and comparing. */
export const requestKey = (r: NormalisedRequest): string => JSON.stringify([r.method, r.url, r.transport, r.params, r.body ?? null]);

export function normaliseRun(result: SimulateResult): NormalisedRun {
  const hash = result.bundle.hash;
  const requests = result.requests.map((r) => normaliseRequest(r, hash));
  requests.sort((a, b) => (requestKey(a) < requestKey(b) ? -1 : requestKey(a) > requestKey(b) ? 1 : 0));
  return {
    requests,
    fired: result.fired.map((f) => `${f.rule} @ ${f.event}`).sort(),
    skipped: result.skipped.map((s) => `${s.rule} @ ${s.event}`).sort(),
    failed: result.failed.map((f) => `${f.rule} @ ${f.event}: ${f.action}`).sort(),
  };
}
