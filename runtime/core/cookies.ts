import { UNSAFE_KEYS } from './merge';

// Cookie reading that survives a broken jar: each malformed pair (no `=`, a bad `%` escape, an
// empty name, a name that reaches a prototype) is skipped on its own, and of duplicate names the
// first wins, as browsers list the most specific path first. The structured cookies' pairs
// (data-elements/cookies.ts) are read by the same parsePairs.

/** `decodeURIComponent`, or undefined for a bad escape. */
export function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** `name=value` parts of `text` split at `sep` into a prototype-free record: a part without `=`, a name or with an unsafe name (merge.ts) is skipped, the first of a duplicate name wins, and a value is what `read` makes of it (skipped where undefined). */
export function parsePairs(text: string, sep: string, read: (raw: string) => string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const part of text.split(sep)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || UNSAFE_KEYS.has(name) || name in out) continue;
    const value = read(part.slice(eq + 1).trim());
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export function parseCookies(header: string): Record<string, string> {
  return parsePairs(header, ';', (raw) => decode(/^"[^]*"$/.test(raw) ? raw.slice(1, -1) : raw));
}

// The jar is read (the document.cookie getter serialises the whole jar, the costliest call of
// start-up) once per task: the parsed jar serves every read until the current synchronous run
// ends (a microtask drops it) or tagc writes or removes a cookie. A task whose read gives the same
// text as the last parse (most pushes: nothing was written since) reuses that parse, which is a
// pure function of the text.
/** The document whose jar this task has read (null: none). */
let cached: Document | null = null;
/** That jar, with tagc's writes of this task applied. */
let taskJar: Readonly<Record<string, string>>;
/** The last text parsed and its parse, reused by a later task that reads the same text. */
let lastText: string | undefined;
let lastJar: Readonly<Record<string, string>>;

/** Drops the parsed jar: the next read sees what others wrote since (a poll waiting for a page's cookie). */
export function forgetCookies(): void {
  cached = null;
}

/** The parsed jar (shared for the rest of the task: read it, never change it). */
export function readCookies(doc: Document = document): Readonly<Record<string, string>> {
  if (cached === doc) return taskJar;
  try {
    const text = doc.cookie || '';
    taskJar = text === lastText ? lastJar : (lastJar = parseCookies((lastText = text)));
  } catch {
    return Object.create(null);
  }
  cached = doc;
  queueMicrotask(() => (cached = null));
  return taskJar;
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

// A read right after a write is the costliest cookie call (the getter must wait for the write to
// reach the browser's jar). The first write on a page is read back once: it proves the page saves
// cookies. After that, tagc's writes and removals update the parsed jar of the task in place.
const saves = new WeakSet<Document>();

function remember(doc: Document, name: string, value: string | undefined): void {
  if (cached !== doc) return;
  const jar: Record<string, string> = Object.assign(Object.create(null), taskJar);
  if (value === undefined) delete jar[name];
  else jar[name] = value;
  taskJar = jar;
}

/** Writes a cookie; returns false where cookies are blocked (known from the page's first write). */
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
    if (saves.has(doc)) {
      remember(doc, name, value);
      return true;
    }
    cached = null;
    const saved = getCookie(name, doc) === value;
    if (saved) saves.add(doc);
    return saved;
  } catch {
    return false;
  }
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'domain' | 'path'> = {}, doc: Document = document): void {
  try {
    // A past expiry alone: every browser deletes on it (happy-dom keeps an empty cookie on max-age=0).
    // The epoch written as setCookie writes a date (Thu, 01 Jan 1970 00:00:00 GMT), not as text of its own.
    let cookie = `${name}=; path=${options.path ?? '/'}; expires=${new Date(0).toUTCString()}`;
    if (options.domain) cookie += `; domain=${options.domain}`;
    doc.cookie = cookie;
    if (saves.has(doc)) remember(doc, name, undefined);
    else cached = null;
  } catch {
    // Nothing to remove where cookies are blocked.
  }
}
