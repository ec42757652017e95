import type { Action, DataElementRef, RuleContext } from '../declare/types';
import { getCookie, setCookie } from '../core/cookies';
import { log, reason } from '../core/log';

// The targeting service's page-load request (spec §7; delivery API of protocols.md): one POST
// per page with the personalization parameters, bounded by a short timeout so a slow edge never
// holds the page. Disabled unless cookies can be saved and no mboxDisable cookie or parameter is
// present (spec §4). The mbox cookie keeps the session id and the edge's tntId.

export interface TargetingOptions {
  edgeHost: string;
  clientCode: string;
  version: string;
  /** Abort after this many ms (spec §7: 1 s). */
  timeout: number;
  /** Page-load parameters by name; values may be `de()` references. Empty values are left out. */
  parameters: Record<string, DataElementRef | string>;
  /** Cookie / query parameter that disables the request. */
  disable: string;
}

const SESSION_LIFETIME_S = 1860; // session id lifetime 1860000 ms (spec §9)
const DEVICE_LIFETIME_S = 632448; // device id lifetime 632448000 ms (spec §9)
const MAX_PARAMS = 50;
const MAX_NAME = 128;
const MAX_VALUE = 5000;

function randomId(win: Window & typeof globalThis): string {
  const bytes = new Uint8Array(16);
  win.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `session#id#exp|PC#tnt#exp` into a map of unexpired entries. */
export function parseMboxCookie(raw: string | undefined, nowS: number): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const entry of (raw ?? '').split('|')) {
    const [name, value, exp] = entry.split('#');
    if (name && value && Number(exp) > nowS && !(name in out)) out[name] = value;
  }
  return out;
}

/** Stringified, non-empty parameters within the delivery API limits. */
export function targetingParameters(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || name.length > MAX_NAME || n >= MAX_PARAMS) continue;
    out[name] = String(value).slice(0, MAX_VALUE);
    n++;
  }
  return out;
}

function disabled(win: Window & typeof globalThis, name: string): boolean {
  if (getCookie(name, win.document) !== undefined) return true;
  return new URLSearchParams(win.location.search).has(name);
}

/* @__NO_SIDE_EFFECTS__ */
export function loadTargeting(options: TargetingOptions): Action {
  return {
    kind: 'targetingPageLoad',
    params: { ...options },
    sends: 'performance',
    // Not awaited by the dispatcher: the request has its own timeout and must not hold the
    // data-layer queue (the page view that follows).
    run(ctx) {
      void request(ctx, options);
    },
  };
}

interface DeliveryResponse {
  status?: number;
  message?: string;
  id?: { tntId?: unknown };
}

async function request(ctx: RuleContext, options: TargetingOptions): Promise<void> {
  const win = ctx.runtime.win;
  let abort: AbortController | undefined;
  let timer: number | undefined;
  try {
    if (disabled(win, options.disable)) return;
    const now = Math.floor(Date.now() / 1000);
    const mbox = parseMboxCookie(getCookie('mbox', win.document), now);
    const sessionId = mbox.session ?? randomId(win);
    const cookieFor = (tnt: string | undefined) =>
      [`session#${sessionId}#${now + SESSION_LIFETIME_S}`, ...(tnt ? [`PC#${tnt}#${now + DEVICE_LIFETIME_S}`] : [])].join('|');
    // Writing the session cookie doubles as the "cookies can be saved" check (spec §4).
    if (!setCookie('mbox', cookieFor(mbox.PC), { maxAge: DEVICE_LIFETIME_S }, win.document)) {
      DEBUG: log.info('targeting: cookies cannot be saved, request skipped');
      return;
    }
    const body = {
      requestId: randomId(win),
      context: {
        channel: 'web',
        address: { url: win.location.href, referringUrl: win.document.referrer },
        screen: { width: win.screen?.width, height: win.screen?.height, colorDepth: win.screen?.colorDepth, pixelRatio: win.devicePixelRatio },
        window: { width: win.innerWidth, height: win.innerHeight },
        browser: { host: win.location.hostname },
        timeOffsetInMinutes: -new Date().getTimezoneOffset(),
        userAgent: win.navigator.userAgent,
      },
      id: mbox.PC ? { tntId: mbox.PC } : {},
      experienceCloud: { analytics: { logging: 'server_side' } },
      execute: { pageLoad: { parameters: targetingParameters(ctx.value(options.parameters) as Record<string, unknown>) } },
    };
    const url = `https://${options.edgeHost}/rest/v1/delivery?client=${encodeURIComponent(options.clientCode)}&sessionId=${sessionId}&version=${encodeURIComponent(options.version)}`;
    abort = typeof win.AbortController === 'function' ? new win.AbortController() : undefined;
    timer = win.setTimeout(() => abort?.abort(), options.timeout);
    const res = await win.fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' }, signal: abort?.signal });
    if (res.status < 100 || res.status > 599) throw new Error('network failure');
    // An empty answer (204) is "no offers", not an error.
    const text = await res.text();
    const json = (text.trim() ? JSON.parse(text) : null) as DeliveryResponse | null;
    if (!res.ok) throw new Error(json?.message ?? `status ${res.status}`);
    const tntId = json?.id?.tntId;
    if (typeof tntId === 'string' && /^[\w.-]{1,128}$/.test(tntId)) setCookie('mbox', cookieFor(tntId), { maxAge: DEVICE_LIFETIME_S }, win.document);
  } catch (error) {
    log.warn(`targeting request failed: ${abort?.signal.aborted ? `timeout after ${options.timeout} ms` : reason(error)}`);
  } finally {
    if (timer !== undefined) win.clearTimeout(timer);
  }
}
