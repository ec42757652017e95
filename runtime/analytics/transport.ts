import { egressBeacon, egressFetch, egressImage } from '../core/egress';
import { log, reason } from '../core/log';
import { MAX_GET_URL } from './limits';

// How a beacon leaves the page (docs/wire-formats.md): an image GET; a credentialed form POST when the URL
// is longer than 2047 characters; `sendBeacon` for exit links and for hits while the page is
// being hidden (an image request may be cancelled with the page). A hidden page's long hit goes as
// `fetch(…, { keepalive: true })`, which also survives the page. Every way leaves through the
// egress point (analytics consent, host inventory, redaction); null when it refused the hit.

export type Transport = 'image' | 'post' | 'beacon' | 'keepalive';

/** The keepalive / sendBeacon in-flight quota of browsers. */
const KEEPALIVE_QUOTA = 65536;

function post(win: Window & typeof globalThis, url: string, keepalive: boolean): void {
  const at = url.indexOf('?');
  const body = url.slice(at + 1);
  egressFetch(win, 'analytics', url.slice(0, at), {
      method: 'POST',
      body,
      credentials: 'include',
      keepalive: keepalive && body.length < KEEPALIVE_QUOTA,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    .catch((error: unknown) => {
      DEBUG: log.info(`Analytics POST failed: ${reason(error)}`);
    });
}

/** Sends a beacon URL; `leaving` when the page is going away or the hit is an exit link. */
export function transmit(win: Window & typeof globalThis, url: string, leaving: boolean): Transport | null {
  const long = url.length > MAX_GET_URL;
  if (leaving && !long) {
    // A beacon the browser declines (quota, policy) falls through to the ordinary transports.
    const sent = egressBeacon(win, 'analytics', url);
    if (sent !== false) return sent ? 'beacon' : null;
  }
  // A long hit is POSTed, with keepalive while the page is leaving.
  if (long && typeof win.fetch === 'function') {
    post(win, url, leaving);
    return leaving ? 'keepalive' : 'post';
  }
  return egressImage(win, 'analytics', url) ? 'image' : null;
}
