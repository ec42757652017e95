// Cookie reading that survives a broken jar: each malformed pair (no `=`, a bad `%` escape, an
// empty name) is skipped on its own, and of duplicate names the first wins, as browsers list the
// most specific path first.

function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let raw = part.slice(eq + 1).trim();
    if (raw.length > 1 && raw[0] === '"' && raw[raw.length - 1] === '"') raw = raw.slice(1, -1);
    const value = decode(raw);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export function readCookies(doc: Document = document): Record<string, string> {
  try {
    return parseCookies(doc.cookie || '');
  } catch {
    return Object.create(null);
  }
}

export function getCookie(name: string, doc: Document = document): string | undefined {
  return readCookies(doc)[name];
}

export interface CookieOptions {
  /** Lifetime in seconds; omitted means a session cookie. */
  maxAge?: number;
  domain?: string;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

/** Writes a cookie; returns false where cookies are blocked. */
export function setCookie(name: string, value: string, options: CookieOptions = {}, doc: Document = document): boolean {
  try {
    let cookie = `${name}=${encodeURIComponent(value)}; path=${options.path ?? '/'}`;
    if (options.maxAge !== undefined) {
      cookie += `; max-age=${Math.round(options.maxAge)}`;
      cookie += `; expires=${new Date(Date.now() + options.maxAge * 1000).toUTCString()}`;
    }
    if (options.domain) cookie += `; domain=${options.domain}`;
    cookie += `; SameSite=${options.sameSite ?? 'Lax'}`;
    if (options.secure ?? doc.location?.protocol === 'https:') cookie += '; Secure';
    doc.cookie = cookie;
    return getCookie(name, doc) === value;
  } catch {
    return false;
  }
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'domain' | 'path'> = {}, doc: Document = document): void {
  try {
    // A past expiry alone: every browser deletes on it (happy-dom keeps an empty cookie on max-age=0).
    let cookie = `${name}=; path=${options.path ?? '/'}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    if (options.domain) cookie += `; domain=${options.domain}`;
    doc.cookie = cookie;
  } catch {
    // Nothing to remove where cookies are blocked.
  }
}
