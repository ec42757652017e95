import { egressImage, egressSource } from '../core/egress';
import { getJson, setJson } from '../core/storage';

// Id syncs (docs/wire-formats.md): a partner URL fired as an image or an iframe, at most once per its
// time to live. The validation order and messages are the identity library's. Syncs leave through
// the egress point as analytics: only the identity host itself and the partner hosts the site
// lists (identity settings `syncHosts`) are in the host inventory; any other sync is refused.

export const DEFAULT_SYNC_MINUTES = 20160;
const STORE = 'tagc.idsyncs';

export interface SyncByUrl {
  dpid?: unknown;
  url?: unknown;
  dpuuid?: unknown;
  minutesToLive?: unknown;
  /** How the URL is fired. Default image. */
  as?: 'image' | 'iframe';
}

/** The first problem in the identity library's order (its message), else the time to live in minutes. */
export function validateSync(config: SyncByUrl, disabled: boolean): string | number {
  const ttl = config.minutesToLive === undefined ? DEFAULT_SYNC_MINUTES : parseInt(String(config.minutesToLive), 10);
  return disabled
    ? 'Error: id syncs have been disabled'
    : typeof config.dpid !== 'string' || !config.dpid.length
      ? 'Error: config.dpid is empty'
      : typeof config.url !== 'string' || !config.url.length
        ? 'Error: config.url is empty'
        : !(ttl > 0)
          ? 'Error: config.minutesToLive needs to be a positive number'
          : ttl;
}

/** Fires a sync unless the same one fired within its time to live (a refused one is not remembered). */
export function fireSync(win: Window & typeof globalThis, dpid: string, url: string, ttlMinutes: number, as: 'image' | 'iframe'): void {
  const key = `${dpid}|${url}`;
  const fired = getJson<Record<string, number>>('local', STORE) ?? {};
  const now = Date.now();
  if ((fired[key] ?? 0) > now) return;
  // A scheme-relative or http URL goes as https.
  const full = url.replace(/^(http:|(?=\/\/))/, 'https:');
  if (as === 'iframe') {
    const frame = win.document.createElement('iframe');
    frame.style.display = 'none';
    frame.title = 'Adobe ID Syncing iFrame';
    if (!egressSource(win, 'analytics', frame, full)) return;
    (win.document.body ?? win.document.documentElement).appendChild(frame);
  } else if (!egressImage(win, 'analytics', full)) return;
  for (const k of Object.keys(fired)) if (fired[k] <= now) delete fired[k];
  fired[key] = now + ttlMinutes * 60000;
  setJson('local', STORE, fired);
}
