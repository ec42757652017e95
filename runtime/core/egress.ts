import type { ConsentCategory, SendCategory } from '../declare/types';
import { redactBody, redactUrl } from '../privacy/redact';
import { failure, say } from './log';
import { Msg } from './messages';

// The one egress point (docs/security.md): every request the runtime makes leaves through the
// functions below, and each passes `permit()` at the moment it leaves: an http(s) URL, the
// request's consent category granted now (necessary never asks), a host the environment's
// compile-time inventory lists for that category, then PII redaction of the URL and body. A
// refused request is logged and reported (monitor `requestRefused`); nothing throws into the page.
// Until start() configures it, everything is refused.

/** A URL's protocol that is http(s): the only schemes the container requests, follows or renders. */
export const WEB_SCHEME = /^https?:$/;

/** `value` resolved against `base` when it is an http(s) URL, else null (a link to follow, an offer's URL). */
export function webUrl(value: string, base: string | undefined): URL | null {
  try {
    const url = new URL(value, base);
    return WEB_SCHEME.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

export type Via = 'fetch' | 'beacon' | 'image' | 'script' | 'iframe';

export interface Refusal {
  /** The URL, redacted. */
  url: string;
  category: SendCategory;
  via: Via;
  reason: 'scheme' | 'consent' | 'host' | 'unconfigured';
}

export interface EgressPolicy {
  /** Category -> the hosts (`a.example`, `*.example`, `'self'`) that may receive it; null: not enforced. */
  hosts: Readonly<Partial<Record<SendCategory, readonly string[]>>> | null;
  /** Whether the category's consent is granted now. */
  allows(category: ConsentCategory): boolean;
  refused?(refusal: Refusal): void;
}

let policy: EgressPolicy | null = null;
// The inventory's answer per category, host and same-origin flag: a page sends to a few hosts,
// again and again (every beacon). Dropped with the policy.
const answers = new Map<string, boolean>();

export function configureEgress(next: EgressPolicy | null): void {
  policy = next;
  answers.clear();
}

/** The inventory entries that cover a host: itself, then `*.` each parent domain (a.b.c: `*.b.c`, `*.c`). */
export function inventoryKeys(host: string, hostname: string): string[] {
  const keys = [host];
  for (let h = hostname; h.includes('.'); ) keys.push(`*.${(h = h.slice(h.indexOf('.') + 1))}`);
  return keys;
}

function listed(hosts: NonNullable<EgressPolicy['hosts']>, url: URL, win: Window, category: SendCategory): boolean {
  const allowed = hosts[category];
  // Same origin as the page matters only where the category lists 'self' (each origin is a read of the browser's URLs).
  const self = !!allowed?.includes("'self'") && url.origin === win.location.origin;
  const key = `${category} ${self} ${url.host}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    const keys = inventoryKeys(url.host, url.hostname);
    if (self) keys.push("'self'");
    answer = !!allowed && keys.some((k) => allowed.includes(k));
    if (answers.size >= 256) answers.clear();
    answers.set(key, answer);
  }
  return answer;
}

/** The URL as it may leave (absolute, redacted), or null when refused. */
function permit(win: Window & typeof globalThis, category: SendCategory, raw: string, via: Via): string | null {
  let reason: Refusal['reason'] | null = null;
  // An absolute http(s) URL (every beacon and pixel) resolves without the page's address: no
  // read of location and no parse of a base (a base is ignored after `http(s)://` anyway).
  const url = webUrl(raw, /^https?:\/\//.test(raw) ? undefined : win.location.href);
  if (!url) reason = 'scheme';
  else if (!policy) reason = 'unconfigured';
  else if (category !== 'necessary' && !allows(category)) reason = 'consent';
  else if (policy.hosts && !listed(policy.hosts, url, win, category)) reason = 'host';
  if (!reason) return redactUrl(url!.href);
  const refusal: Refusal = { url: redactUrl(String(raw)), category, via, reason };
  if (url) say(Msg.RequestRefused, reason, category, via, url.host);
  else say(Msg.InvalidUrlRefused, reason, category, via);
  try {
    policy?.refused?.(refusal);
  } catch {
    // A broken monitor changes nothing.
  }
  return null;
}

function allows(category: ConsentCategory): boolean {
  try {
    return policy!.allows(category) === true;
  } catch {
    return false;
  }
}

/** fetch() through the egress point; rejects when refused. String bodies are redacted. */
export function egressFetch(win: Window & typeof globalThis, category: SendCategory, url: string, init: RequestInit): Promise<Response> {
  const to = permit(win, category, url, 'fetch');
  if (!to) return Promise.reject(failure(Msg.RequestRefusedFailure));
  try {
    return win.fetch(to, typeof init.body === 'string' ? { ...init, body: redactBody(init.body) } : init);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** navigator.sendBeacon through the egress point: true sent, false declined by the browser, null refused. */
export function egressBeacon(win: Window & typeof globalThis, category: SendCategory, url: string, body?: string): boolean | null {
  const to = permit(win, category, url, 'beacon');
  if (!to) return null;
  try {
    // A navigator without sendBeacon throws a TypeError here, which reads as declined.
    return win.navigator.sendBeacon(to, body && redactBody(body));
  } catch {
    return false;
  }
}

/** An image request (pixels, image beacons, image syncs); false when refused. */
export function egressImage(win: Window & typeof globalThis, category: SendCategory, url: string): boolean {
  const to = permit(win, category, url, 'image');
  if (to) new win.Image().src = to;
  return !!to;
}

/** Points a script or iframe element at its URL (the caller inserts it); false when refused. */
export function egressSource(win: Window & typeof globalThis, category: SendCategory, el: HTMLScriptElement | HTMLIFrameElement, url: string): boolean {
  const to = permit(win, category, url, el.tagName.toLowerCase() as 'script' | 'iframe');
  if (to) el.src = to;
  return !!to;
}
