import { egressFetch } from '../core/egress';
import { reason } from '../core/log';

// One call to the delivery API, with the failure kinds of spec §8: a status outside 100-599 is a
// network failure, invalid JSON a parse failure, no answer in time a timeout, and an answer
// with status and message an error.

export type DeliveryFailure = 'network' | 'parse' | 'timeout' | 'error';

/**
 * A failure of the A/B client with its spec §8 message: a delivery's (`kind` says which) or an
 * offer's rendering (render.ts).
 */
export class TargetError extends Error {
  // Assigned in the body, not as parameter properties: prod's target lowers those to a helper call
  // with the name as a string, which property mangling (kind) would not shorten to match reads.
  declare readonly kind: DeliveryFailure;
  constructor(message: string, kind: DeliveryFailure = 'error') {
    super(message);
    this.kind = kind;
  }
}

/** The error as a TargetError: any other is an unexpected one. */
export function targetError(error: unknown): TargetError {
  return error instanceof TargetError ? error : new TargetError(`Unexpected error: ${reason(error)}`);
}

export interface Offer {
  type: 'html' | 'json' | 'redirect' | 'actions' | string;
  content?: unknown;
  responseTokens?: Record<string, unknown>;
  eventToken?: string;
}

export interface MboxResult {
  index?: number;
  name: string;
  options?: Offer[];
  metrics?: { type: string; selector?: string; eventToken?: string }[];
}

export interface DeliveryResponse {
  status?: number;
  message?: string;
  requestId?: string;
  id?: { tntId?: string };
  edgeHost?: string;
  execute?: { pageLoad?: { options?: Offer[]; metrics?: MboxResult['metrics'] }; mboxes?: MboxResult[] };
  prefetch?: { mboxes?: MboxResult[]; views?: unknown[] };
  notifications?: unknown[];
  telemetryServerToken?: string;
}

export async function deliver(win: Window & typeof globalThis, url: string, body: unknown, timeoutMs: number): Promise<DeliveryResponse> {
  // Every browser that runs the bundle's ES2020 has AbortController (it came two years before).
  const abort = new win.AbortController();
  let timer: number | undefined;
  // Raced rather than trusted to the abort signal: a fetch that ignores it still times out.
  const timeout = new Promise<never>((_, reject) => {
    timer = win.setTimeout(() => {
      abort.abort();
      reject(new TargetError(`timeout after ${timeoutMs} ms`, 'timeout'));
    }, timeoutMs);
  });
  try {
    return await Promise.race([exchange(win, url, body, abort.signal), timeout]);
  } finally {
    win.clearTimeout(timer);
  }
}

async function exchange(win: Window & typeof globalThis, url: string, body: unknown, signal: AbortSignal): Promise<DeliveryResponse> {
  let res: Response;
  try {
    res = await egressFetch(win, 'performance', url, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' }, credentials: 'include', signal });
  } catch (error) {
    throw new TargetError(`request failed: ${reason(error)}`, 'network');
  }
  if (res.status < 100 || res.status > 599) throw new TargetError('request failed: network failure', 'network');
  const text = await res.text();
  let json: DeliveryResponse | null = null;
  if (text.trim()) {
    try {
      json = JSON.parse(text) as DeliveryResponse;
    } catch {
      throw new TargetError('request failed: invalid JSON in the response', 'parse');
    }
  }
  if (!res.ok || (json && typeof json.status === 'number' && json.status >= 400 && json.message)) {
    throw new TargetError(json?.message ? String(json.message) : `request failed with status ${res.status}`);
  }
  return json ?? {};
}
