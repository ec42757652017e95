import type { SimulatedExplanation, SimulatedRequest } from './types';

// Turning what the page sent and explained into the simulate output's records.

/** Query parameters, `;key=value` path parameters (advertising pixels) and urlencoded body parameters. */
export function decodeParams(url: string, body: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    const u = new URL(url);
    for (const segment of u.pathname.split(';').slice(1)) {
      const eq = segment.indexOf('=');
      if (eq > 0) out[decodeURIComponent(segment.slice(0, eq))] = safeDecode(segment.slice(eq + 1));
    }
    for (const [k, v] of u.searchParams) out[k] = v;
  } catch {
    // Not an absolute URL: no parameters.
  }
  if (body && /^[^=&\s{[<]+=/.test(body)) {
    for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function bodyText(data: unknown): string | null {
  if (data === undefined || data === null) return null;
  if (typeof data === 'string') return data;
  if (data instanceof URLSearchParams || (typeof data === 'object' && data !== null && data.constructor?.name === 'URLSearchParams')) return String(data);
  return String(data);
}

export function formatConsoleArgs(args: unknown[]): string {
  return args
    .map((a) => {
      if (typeof a === 'string') return a;
      if (a instanceof Error || (a && typeof a === 'object' && 'message' in a && 'stack' in a)) return String((a as Error).message);
      try {
        return JSON.stringify(a);
      } catch {
        return String(a);
      }
    })
    .join(' ');
}

export type Recorder = (method: string, url: string, body: string | null, transport: SimulatedRequest['transport']) => void;

/** A value from the page as JSON (an object of the page's realm, a cycle or a function becomes its text). */
function asJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : (JSON.parse(text) as unknown);
  } catch {
    return String(value);
  }
}

/** A `ruleSkipped` explanation as plain JSON, or undefined when the condition kind gave none. */
export function explanationJson(explain: unknown): SimulatedExplanation | undefined {
  if (!explain || typeof explain !== 'object') return undefined;
  const e = explain as { subject?: unknown; expected?: unknown; negated?: unknown };
  const out: SimulatedExplanation = { subject: asJson(e.subject), expected: asJson(e.expected) };
  if (e.negated === true) out.negated = true;
  return out;
}
