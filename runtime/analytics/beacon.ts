import { isPlainObject } from '../core/merge';
import { say } from '../core/log';
import { Msg } from '../core/messages';
import { groupQuery } from './context-data';
import { eventName, filterEvents, serialiseEvents } from './events';
import { byteLength, LIMITS, truncateBytes, wellFormed } from './limits';
import { NAMED, numbered, wireName } from './names';
import { serialiseProducts } from './products';
import { redactText, redactUrl } from '../privacy/redact';

// AppMeasurement-compatible beacon (docs/wire-formats.md): `https://{server}/b/ss/{rsid}/1/JS-{v}/s{n}?AQB=1…&AQE=1`.
// A page view sends every variable set; a link hit (`pe=lnk_o|lnk_d|lnk_e`) sends the base set
// (time, URL, referrer, ids, currency) plus only what `linkTrackVars` / `linkTrackEvents` name.
// Values are redacted (runtime/privacy) before they are cut to their byte limits, so that a cut
// never leaves half an address; the egress point redacts the whole URL again as it leaves.

export const APPMEASUREMENT_VERSION = '2.27.0';
export const DEFAULT_CURRENCY = 'USD';

/** Rule-facing variables by AppMeasurement name (eVar22, prop5, events, products, contextData...). */
export type Vars = Record<string, unknown>;

export type LinkType = 'o' | 'd' | 'e';

export interface CustomerId {
  id: string;
  /** 0 unknown, 1 authenticated, 2 logged out. */
  authState: 0 | 1 | 2;
}

/** What the identity client adds to each hit. */
export interface IdentityFields {
  mid?: string;
  aamlh?: string;
  aamb?: string;
  mcorgid?: string;
  sdid?: string;
  customerIds?: Readonly<Record<string, CustomerId>>;
}

export interface Hit {
  vars: Vars;
  /** Present for link hits. */
  link?: { name: string; url?: string; type: LinkType };
  /** Comma list of variable names a link hit may send; '' = all set, 'None' = none. */
  linkTrackVars?: string;
  /** Comma list of events a link hit may send; '' = no filter, 'None' = none. */
  linkTrackEvents?: string;
  now: Date;
  pageUrl: string;
  referrer?: string;
  /** Browser technology fields (s, c, j, v, k, bw, bh), on the first hit of a page. */
  technology?: Readonly<Record<string, string>>;
}

/** AppMeasurement's `t`: `d/m/yyyy h:m:s weekday tzOffsetMinutes`, month 0-based, no padding. */
export function timestamp(d: Date): string {
  return `${d.getDate()}/${d.getMonth()}/${d.getFullYear()} ${d.getHours()}:${d.getMinutes()}:${d.getSeconds()} ${d.getDay()} ${d.getTimezoneOffset()}`;
}

// Most values are plain words and ids: they need no escaping, so no copies (a hit encodes dozens).
// Past that test, a replace that matches nothing scans as a test would and hands back its text.
const PLAIN = /^[\w.~-]*$/;

export function encode(value: string): string {
  if (PLAIN.test(value)) return value;
  return encodeURIComponent(wellFormed(value)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(',');
  if (typeof value === 'object') return '';
  return redactText(String(value).trim());
}

function limitFor(name: string): number | undefined {
  if (name === 'pageName' || name === 'channel' || name === 'server' || name.startsWith('prop')) return LIMITS.prop;
  if (name === 'campaign' || name.startsWith('eVar')) return LIMITS.eVar;
  return undefined;
}

function listValue(value: unknown): string {
  const items = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return items
    .map((v) => truncateBytes(v.trim(), LIMITS.list))
    .filter(Boolean)
    .join(',');
}

function currency(value: unknown): string {
  const code = text(value).toUpperCase();
  if (!code) return DEFAULT_CURRENCY;
  if (/^[A-Z]{3}$/.test(code)) return code;
  // An invalid code makes the collection server discard the whole hit: keep the hit.
  say(Msg.InvalidCurrency, code, DEFAULT_CURRENCY);
  return DEFAULT_CURRENCY;
}

// Compile-time constants (runtime/declare/unset-options.ts): no project module names the
// currency by either of its names, nor a list variable by any of its six.
const CURRENCY_UNSET = __TAGC_UNSET_currencyCode__ && __TAGC_UNSET_cc__;
const LISTS_UNSET = __TAGC_UNSET_list1__ && __TAGC_UNSET_list2__ && __TAGC_UNSET_list3__ && __TAGC_UNSET_l1__ && __TAGC_UNSET_l2__ && __TAGC_UNSET_l3__;

/** One variable's wire value, or '' when it must not be sent. */
export function wireValue(name: string, value: unknown): string {
  if (name === 'events') return serialiseEvents(value);
  if (!__TAGC_UNSET_products__ && name === 'products') return value == null || value === '' ? '' : truncateBytes(serialiseProducts(value), LIMITS.products);
  if (!CURRENCY_UNSET && name === 'currencyCode') return currency(value);
  if (!LISTS_UNSET && name.startsWith('list')) return listValue(value);
  const s = text(value);
  // Compiled out where no project module names it (runtime/declare/unset-options.ts).
  if (!__TAGC_UNSET_purchaseID__ && name === 'purchaseID') {
    if (!s) return '';
    if (/^[A-Za-z0-9]{1,20}$/.test(s)) return s;
    say(Msg.InvalidPurchaseId, s);
    return '';
  }
  const limit = limitFor(name);
  return limit ? truncateBytes(s, limit) : s;
}

function contextEntries(value: unknown, allowed: ((key: string) => boolean) | null): [string, string][] {
  if (!isPlainObject(value)) return [];
  const out: [string, string][] = [];
  let size = 0;
  for (const [key, v] of Object.entries(value)) {
    if (allowed && !allowed(key)) continue;
    const s = typeof v === 'boolean' ? String(v) : text(v);
    if (!key || !s) continue;
    size += byteLength(key) + byteLength(s) + 2;
    if (size > LIMITS.contextData) {
      say(Msg.ContextDataTooLong, LIMITS.contextData, key);
      break;
    }
    out.push([key, s]);
  }
  return out;
}

// A page's link hits name the same few lists again and again: they are parsed once.
const lists = new Map<string, ReadonlySet<string>>();

function list(csv: string | undefined): ReadonlySet<string> | null {
  if (!csv || !csv.trim()) return null;
  let set = lists.get(csv);
  if (!set) {
    if (lists.size >= 32) lists.clear();
    lists.set(csv, (set = new Set(csv.split(',').map((s) => s.trim()).filter(Boolean))));
  }
  return set;
}


/** The numbered variables (prop, eVar, list) set in `vars`, in AppMeasurement's order. */
function numberedIn(vars: Vars): string[] {
  const table = numbered();
  const names: string[] = [];
  for (const name in vars) if (vars[name] !== undefined && table.has(name)) names.push(name);
  return names.sort((a, b) => place(a) - place(b));
}

/** A numbered variable's place in a hit: by its number (after the four letters of prop, eVar and list), then prop, eVar, list (the order of `numbered()`). */
const place = (name: string) => +name.slice(4) * 3 + 'pel'.indexOf(name[0]!);

/** The ordered query (without the leading `?`) of one hit. */
export function buildQuery(hit: Hit, id: IdentityFields): string {
  const link = hit.link;
  const trackVars = link ? list(hit.linkTrackVars) : null;
  const trackEvents = link ? list(hit.linkTrackEvents) : null;
  /** Whether a link hit may send this (non-base) variable. */
  const sends = (name: string) => !trackVars || trackVars.has(name) || (name === 'events' && !!trackEvents);

  let q = `AQB=1&ndh=1&t=${encode(timestamp(hit.now))}`;
  const add = (key: string, value: string | undefined) => {
    if (value) q += `&${key}=${encode(value)}`;
  };
  if (id.customerIds) {
    const entries: [string, string][] = [];
    for (const [code, c] of Object.entries(id.customerIds)) {
      if (!c.id) continue;
      entries.push([`${code}.id`, c.id]);
      if (c.authState) entries.push([`${code}.as`, String(c.authState)]);
    }
    q += groupQuery('cid', entries, encode);
  }
  add('sdid', id.sdid);
  add('mid', id.mid);
  add('aamlh', id.aamlh);
  if (!link) add('pageName', wireValue('pageName', hit.vars.pageName)); // ignored by the servers on link hits
  const url = redactUrl(hit.pageUrl);
  add('g', url.slice(0, 255));
  add('-g', url.slice(255));
  add('r', truncateBytes(redactUrl(hit.referrer ?? ''), LIMITS.referrer));
  q += __TAGC_UNSET_contextData__ ? '' : groupQuery('c', contextEntries(hit.vars.contextData, trackVars ? (key) => trackVars.has(`contextData.${key}`) : null), encode);
  // The currency is always sent: the default where no project module names it (nor its wire name, cc).
  add('cc', CURRENCY_UNSET ? DEFAULT_CURRENCY : wireValue('currencyCode', hit.vars.currencyCode));

  for (const name of NAMED) {
    if (!sends(name)) continue;
    let value = wireValue(name, hit.vars[name]);
    if (name === 'events' && trackEvents) value = filterEvents(value, trackEvents);
    add(wireName(name)!, value);
  }
  if (sends('audienceManagerBlob')) add('aamb', id.aamb);
  add('mcorgid', id.mcorgid);
  for (const name of numberedIn(hit.vars)) if (sends(name)) add(wireName(name)!, wireValue(name, hit.vars[name]));
  if (link) {
    q += `&pe=lnk_${link.type}`;
    add('pev1', link.url && redactUrl(link.url));
    add('pev2', truncateBytes(redactText(link.name), LIMITS.linkName));
  }
  for (const [key, value] of Object.entries(hit.technology ?? {})) if (sends(key)) add(key, value);
  return `${q}&AQE=1`;
}

export function buildBeaconUrl(target: { trackingServer: string; rsid: string }, query: string, random: string = String(Math.floor(Math.random() * 1e13))): string {
  return `https://${target.trackingServer}/b/ss/${encodeURIComponent(target.rsid)}/1/JS-${APPMEASUREMENT_VERSION}/s${random}?${query}`;
}

export { eventName };
