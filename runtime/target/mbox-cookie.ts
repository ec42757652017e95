import { getCookie, setCookie } from '../core/cookies';
import { DEVICE_ID_LIFETIME_S, SESSION_ID_LIFETIME_S } from './constants';

// The `mbox` cookie: `name#value#expiryEpochSeconds` entries joined by `|` (session, PC = tntId,
// edge = the edge host to keep using).

export type MboxEntries = Record<string, string>;

/** Unexpired entries; a malformed entry is skipped on its own. */
export function parseMboxCookie(raw: string | undefined, nowS: number): MboxEntries {
  const out: MboxEntries = Object.create(null);
  for (const entry of (raw ?? '').split('|')) {
    const [name, value, exp] = entry.split('#');
    if (name && value && Number(exp) > nowS && !(name in out)) out[name] = value;
  }
  return out;
}

export function formatMboxCookie(entries: MboxEntries, nowS: number): string {
  // Every entry but the device id (PC) lives as long as the session: the session id, the edge host.
  return Object.entries(entries)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}#${v}#${nowS + (k === 'PC' ? DEVICE_ID_LIFETIME_S : SESSION_ID_LIFETIME_S)}`)
    .join('|');
}

export function readMbox(doc: Document): MboxEntries {
  return parseMboxCookie(getCookie('mbox', doc), Math.floor(Date.now() / 1000));
}

/** Writes the cookie; false when cookies cannot be saved (the library then stays inactive). */
export function writeMbox(doc: Document, entries: MboxEntries): boolean {
  return setCookie('mbox', formatMboxCookie(entries, Math.floor(Date.now() / 1000)), { maxAge: DEVICE_ID_LIFETIME_S }, doc);
}
