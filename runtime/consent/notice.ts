import { getItem } from '../core/storage';
import { framed } from '../core/framed';
import { userAgentHas } from '../core/user-agent';
import { debugText } from '../core/log';

// Whether and how the TrustArc-kind notice script is loaded (spec §5, §9; docs/wire-formats.md).

export interface NoticeRules {
  /** Hosts that never show the notice: long-term-support and plan-site hosts. */
  hosts: readonly string[];
  /** Path prefixes without the notice (my-plan, ofr). */
  pathPrefixes: readonly string[];
  /** User-agent substrings of search crawlers (case-insensitive). */
  crawlerAgents: readonly string[];
}

export interface NoticeUrl {
  base: string;
  domainId: string;
  vendorIds: { standard: string; test: string };
  testFlag: { key: string; value: string };
  /** Path prefixes of the Canada sites (notice in en-ca / fr-ca). */
  canadaPrefixes: readonly string[];
}

/** Why the notice is not loaded on this page (debug logging's text, '' without it: runtime/core/log.ts), or null when it is. */
export function noticeBlocked(win: Window & typeof globalThis, rules: NoticeRules): string | null {
  if (framed(win)) return debugText(() => 'framed page');
  const host = win.location.hostname;
  if (rules.hosts.includes(host)) return debugText(() => `host ${host}`);
  const path = win.location.pathname.toLowerCase();
  const prefix = rules.pathPrefixes.find((p) => path.startsWith(p));
  if (prefix) return debugText(() => `path ${prefix}`);
  if (userAgentHas(win.navigator.userAgent || '', rules.crawlerAgents)) return debugText(() => 'search crawler');
  return null;
}

/** The notice language: English as en-gb; Canada en-ca / fr-ca; other languages as they are. */
export function noticeLanguage(win: Window & typeof globalThis, canadaPrefixes: readonly string[]): string {
  const attribute = win.document.documentElement.getAttribute('lang') || 'en';
  const lang = attribute.toLowerCase().slice(0, 2);
  const canada = canadaPrefixes.some((p) => win.location.pathname.startsWith(p)) || /-ca$/i.test(attribute);
  if (canada) return lang === 'fr' ? 'fr-ca' : 'en-ca';
  return lang === 'en' ? 'en-gb' : lang;
}

export function vendorId(u: Pick<NoticeUrl, 'vendorIds' | 'testFlag'>): string {
  return getItem('local', u.testFlag.key) === u.testFlag.value ? u.vendorIds.test : u.vendorIds.standard;
}

/** The notice script's URL in `language` (noticeLanguage, which the loader also gives the page's notice text). */
export function noticeUrl(u: NoticeUrl, language: string): string {
  const q = new URLSearchParams({ domain: u.domainId, c: 'teconsent', js: 'nj', noticeType: 'bb', language, vendorId: vendorId(u) });
  return `${u.base}?${q}`;
}
