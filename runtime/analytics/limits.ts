// Byte limits of the collection servers (docs/wire-formats.md). Values are cut on a UTF-8 character
// boundary so a cut never leaves half a character (which the servers would store as garbage).

export const LIMITS = {
  pageName: 100,
  prop: 100,
  channel: 100,
  server: 100,
  eVar: 255,
  campaign: 255,
  referrer: 255,
  list: 255,
  linkName: 100,
  events: 65536,
  products: 65536,
  contextData: 32768,
} as const;

/** Maximum length of a GET beacon URL; longer hits are POSTed. */
export const MAX_GET_URL = 2047;

/**
 * Lone surrogates make encodeURIComponent throw; replace them as browsers do when encoding. A pair
 * is matched first and kept; what is left of a surrogate is lone. No lookbehind: older Safari
 * cannot parse a script that has one (privacy/redact.ts). The replacement character is decoded
 * rather than written: the minifier writes a literal U+FFFD as itself, and that one character above
 * U+00FF makes the page's copy of an inlined bundle a two-byte string, every load (Chromium, prod,
 * reloads: the bundle's first statement 0.26 ms later, in 41 of 48 pairs).
 */
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (m) => (m.length > 1 ? m : decodeURIComponent('%EF%BF%BD')));
}

function charBytes(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

export function byteLength(s: string): number {
  let n = 0;
  for (const ch of s) n += charBytes(ch.codePointAt(0)!);
  return n;
}

export function truncateBytes(s: string, max: number): string {
  if (s.length * 3 <= max) return s;
  let bytes = 0;
  let end = 0;
  for (const ch of s) {
    if ((bytes += charBytes(ch.codePointAt(0)!)) > max) break;
    end += ch.length;
  }
  return s.slice(0, end);
}
