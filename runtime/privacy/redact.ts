// PII redaction (docs/security.md): every outbound value passes here, at the egress point and,
// for analytics values that are cut to a byte limit, before the cut. Email addresses, US SSNs
// (3-2-4 with dashes or spaces), phone numbers (NANP with separators, or + and 8-15 digits) and
// payment card numbers (13-19 digits of a card brand that pass the Luhn check) become one fixed
// token; query parameters the site lists are dropped. URL-encoded values are decoded, checked and
// re-encoded only where something changed, down to three layers (a URL inside `g`, its query).
// No lookbehind (older Safari cannot parse it), and every repetition is bounded, so that a
// hostile 64 KB value costs linear time.

export const REDACTED = '[REDACTED]';

// A file name such as logo@2x.png is not an address.
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.(?!(?:png|jpe?g|gif|svg|webp|avif|ico|js|css|html?|pdf|json|xml|txt)(?![A-Za-z0-9-]))[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;
// The number patterns: a match stands alone, after the start or a character that is no letter or
// digit (captured, as the replacement keeps it: no lookbehind), and before none.
const SSN = /(^|[^0-9A-Za-z])(?!000|666|9)\d{3}([- ])(?!00)\d\d\2(?!0000)\d{4}(?![0-9A-Za-z])/g;
const PHONE = /(^|[^0-9A-Za-z])(?:(?:\+?1[-. ]?)?(?:\(\d{3}\)[-. ]?|\d{3}[-. ])\d{3}[-. ]\d{4}|\+\d{1,3}(?:[-. ]?\(?\d{1,4}\)?){2,5})(?![0-9A-Za-z])/g;
const CARD = /(^|[^0-9A-Za-z])(\d(?:[ -]?\d){12,18})(?![0-9A-Za-z])/g;
const EIGHT_DIGITS = /^(?:\D*\d){8}/;
const BRAND = /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[0-9]|6)/;

/** A cache-busting random number of 12 digits at most: shorter than any card number (13-19), so redaction never takes it. */
export const cacheBuster = (): string => String(Math.floor(Math.random() * 1e12));

let strip = new Set<string>();
let on = true;

// Beacons repeat most of their values push after push (report suite, page name, variables): the
// redacted form of a short query segment, path segment or whole URL (the page's own goes with
// every hit) is remembered, in one table per kind and depth, so that a hit is a lookup of the
// segment itself. Redaction is a pure function of the segment and the settings, so the memo is
// dropped only when the settings change; each table is bounded (a full one starts again: values
// that change on every hit, such as a beacon's random number, fill it only slowly), and long
// values (where a hostile payload would sit) are never kept.
const MEMO_MAX = 256;
const MEMO_VALUE = 200;
// The memo tables: query segments at depth 0..3, path segments at depth 0..3, whole URLs.
const QUERY = 0;
const PATH = 4;
const WHOLE = 8;
let memos: Map<string, string | null>[] = [];

function remembered(table: number, key: string, compute: (key: string, depth: number) => string | null, depth: number): string | null {
  if (key.length > MEMO_VALUE) return compute(key, depth);
  let m = memos[table];
  let out = m?.get(key);
  if (out === undefined) {
    if (!m || m.size >= MEMO_MAX) memos[table] = m = new Map();
    m.set(key, (out = compute(key, depth)));
  }
  return out;
}

/** The site's settings: redaction on (default) or off, and query parameters to drop everywhere. */
export function configureRedaction(options: { enabled?: boolean; strip?: readonly string[] } = {}): void {
  on = options.enabled !== false;
  strip = new Set((options.strip ?? []).map((s) => s.toLowerCase()));
  memos = [];
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = +digits[i];
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Plain text with each match replaced by the token (nothing to find without an @ or 8 digits). */
export function redactText(s: string): string {
  // An address needs its @; a card, an SSN or a phone number that is redacted needs 8 digits or
  // more: the patterns that cannot match are not run (the address one is the costliest to scan).
  const at = s.includes('@');
  const digits = EIGHT_DIGITS.test(s);
  if (!on || (!at && !digits)) return s;
  if (digits) {
    s = s.replace(CARD, (m, pre: string, n: string) => {
      const d = n.replace(/\D/g, '');
      return BRAND.test(d) && luhn(d) ? pre + REDACTED : m;
    });
  }
  if (at) s = s.replace(EMAIL, REDACTED);
  return digits ? s.replace(SSN, `$1${REDACTED}`).replace(PHONE, (m, pre: string) => (m[pre.length] !== '+' || /^\d{8,15}$/.test(m.replace(/\D/g, '')) ? pre + REDACTED : m)) : s;
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** A URL-encoded component: checked in its decoded form, re-encoded only when it changed (a path
 * segment keeps its sub-delimiters, e.g. the `;`-separated parameters of an activity pixel). */
function component(raw: string, depth: number, path?: boolean): string {
  // Text without a % or a + decodes to itself.
  const d = decode(raw);
  if (d === undefined) return text(raw, depth);
  const clean = text(d, depth);
  if (clean === d) return raw;
  const enc = encodeURIComponent(clean);
  return path ? enc.replace(/%(2[146-9AC]|3[ABD]|40)/g, (m) => decodeURIComponent(m)) : enc;
}

/** Decoded text: a URL (each of its parts), or text with matches replaced and encoded text inside it checked. */
function text(s: string, depth: number): string {
  if (depth > 2) return redactText(s);
  if (/^([a-z][a-z0-9+.-]*:)?\/\/|^\/|^\?|^[^=&\s/]+=[^&]*&/i.test(s)) return url(s, depth + 1);
  const out = redactText(s);
  return /%[0-9A-Fa-f]{2}/.test(out) ? component(out, depth + 1) : out;
}

function pathSegment(seg: string, depth: number): string {
  return component(seg, depth, true);
}

/** One `name=value` of a query: null when the site strips the name, else with its value checked. */
function segment(seg: string, depth: number): string | null {
  const eq = seg.indexOf('=');
  if (strip.size && strip.has((decode(eq < 0 ? seg : seg.slice(0, eq)) ?? '').toLowerCase())) return null;
  return eq < 0 ? component(seg, depth) : seg.slice(0, eq + 1) + component(seg.slice(eq + 1), depth);
}

/** The parts of `s` between `sep`, each as remembered from `compute` (one it drops, null, left out), joined again: a loop, where split, map, filter and join called two functions a part (a beacon has dozens). */
function parts(s: string, sep: string, table: number, compute: (part: string, depth: number) => string | null, depth: number): string {
  let out: string | undefined;
  for (const part of s.split(sep)) {
    const clean = remembered(table, part, compute, depth);
    if (clean !== null) out = out === undefined ? clean : out + sep + clean;
  }
  return out ?? '';
}

function query(q: string, depth: number): string {
  return parts(q, '&', QUERY + depth, segment, depth);
}

function url(u: string, depth: number): string {
  const hash = u.indexOf('#');
  const head = hash < 0 ? u : u.slice(0, hash);
  const q = head.indexOf('?');
  let out = parts(q < 0 ? head : head.slice(0, q), '/', PATH + depth, pathSegment, depth);
  if (q >= 0) out += `?${query(head.slice(q + 1), depth)}`;
  return hash < 0 ? out : `${out}#${component(u.slice(hash + 1), depth)}`;
}

/** A whole URL: every path segment, query value and fragment. */
export function redactUrl(u: string): string {
  // A short URL (the page's own, which goes with every hit) is remembered whole.
  return on ? remembered(WHOLE, u, url, 0)! : u;
}

/** A request body: form-encoded, JSON (each string value) or text. */
export function redactBody(body: string): string {
  if (!on) return body;
  const t = body.trim();
  if (t[0] === '{' || t[0] === '[') {
    try {
      return JSON.stringify(JSON.parse(t), (_k, v: unknown) => (typeof v === 'string' ? text(v, 0) : v));
    } catch {
      return redactText(body);
    }
  }
  return /^[^=&\s{[<]+=/.test(t) ? query(body, 0) : redactText(body);
}
