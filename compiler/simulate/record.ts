import type { SimulatedRequest } from './types';

// Turning what the page sent into the simulate output's request records.

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
