import { say } from '../core/log';
import { Msg } from '../core/messages';
import { hash, isValidId } from './ids';

// The `AMCV_{orgId}` cookie (docs/wire-formats.md):
// `{digest}|MCIDTS|{day}|MCMID|{id}|MCAAMLH-{exp}|{region}|MCAAMB-{exp}|{blob}|MCOPTOUT-{exp}s|NONE|vVersion|5.5.0`
// where {exp} is an expiry in epoch seconds (`s` suffix: expires with the session).

export const VERSION = '5.5.0';
/** Lifetime of the AMCV cookie: two years, as the identity library sets it. */
export const AMCV_MAX_AGE = 63072000;

export interface AmcvFields {
  mid?: string;
  /** Region (location hint) and blob, valid until `aamExpires` (epoch seconds). */
  region?: string;
  blob?: string;
  aamExpires?: number;
}

export const cookieName = (orgId: string) => `AMCV_${orgId}`;
export const sessionCookieName = (orgId: string) => `AMCVS_${orgId}`;

export function writeAmcv(f: AmcvFields, host: string, nowMs: number): string {
  const now = Math.floor(nowMs / 1000);
  // join writes the numbers as String does.
  const parts: (string | number)[] = [hash(`${VERSION}|${host}`), 'MCIDTS', Math.floor(now / 86400)];
  if (f.mid) parts.push('MCMID', f.mid);
  if (f.aamExpires !== undefined) {
    if (f.region) parts.push(`MCAAMLH-${f.aamExpires}`, f.region);
    if (f.blob) parts.push(`MCAAMB-${f.aamExpires}`, f.blob);
  }
  parts.push(`MCOPTOUT-${now + 86400 * 2}s`, 'NONE', 'vVersion', VERSION);
  return parts.join('|');
}

/** Reads the fields; an invalid visitor id is dropped (and logged) so that it is never sent. */
export function readAmcv(raw: string | undefined, nowMs: number): AmcvFields {
  const out: AmcvFields = {};
  if (!raw) return out;
  const parts = raw.split('|');
  const now = nowMs / 1000;
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const [key, exp] = parts[i].split('-');
    const value = parts[i + 1];
    const expires = parseInt(exp, 10); // NaN for a key without one (parseInt reads undefined as 'undefined')
    if (key === 'MCMID') {
      if (isValidId(value)) out.mid = value;
      else say(Msg.InvalidCookieId);
    } else if ((key === 'MCAAMLH' || key === 'MCAAMB') && expires > now) {
      out.aamExpires = expires;
      if (key === 'MCAAMLH') out.region = value;
      else out.blob = value;
    }
  }
  return out;
}
