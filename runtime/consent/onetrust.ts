import { getCookie, setCookie } from '../core/cookies';
import type { ConsentCategory } from '../declare/types';
import { CATEGORIES, grantsBy, type ConsentProvider, type Grants } from './types';
import { TOOLING } from '../declare/tooling';

// The OneTrust-kind banner (docs/wire-formats.md): cookie `OptanonConsent` is a query string whose
// `groups=C0001:1,C0002:0,…` holds each group's choice; the banner fires `OneTrustGroupsUpdated`
// on the window after a change.

export interface OneTrustOptions {
  /** Group id each category belongs to (e.g. analytics C0002, performance C0003, advertising C0004). */
  groups: Record<ConsentCategory, string>;
}

const COOKIE = 'OptanonConsent';

/* @__NO_SIDE_EFFECTS__ */
export function oneTrustProvider(options: OneTrustOptions): ConsentProvider {
  return {
    name: 'onetrust',
    read(win) {
      const raw = getCookie(COOKIE, win.document);
      if (raw === undefined) return null;
      let groups: string | null = null;
      try {
        groups = new URLSearchParams(raw).get('groups');
      } catch {
        groups = null;
      }
      if (groups === null) return null;
      const on = new Set(groups.split(',').filter((g) => /:1$/.test(g.trim())).map((g) => g.trim().slice(0, -2)));
      return grantsBy((c) => on.has(options.groups[c]));
    },
    subscribe(win, onSubmit) {
      win.addEventListener('OneTrustGroupsUpdated', () => win.setTimeout(onSubmit, 0));
    },
    // Only simulate and tests write (runtime/declare/tooling.ts): a bundle without tooling has no
    // write at all (an empty spread, which the compiler drops), rather than an empty method.
    ...(TOOLING
      ? {
          write(win: Window & typeof globalThis, grants: Grants): void {
            const groups = ['C0001:1', ...CATEGORIES.map((c) => `${options.groups[c]}:${grants[c] ? 1 : 0}`)];
            const value = new URLSearchParams({ isGpcEnabled: '0', datestamp: new Date().toString(), groups: [...new Set(groups)].join(',') }).toString();
            setCookie(COOKIE, value, { maxAge: 365 * 24 * 3600 }, win.document);
            setCookie('OptanonAlertBoxClosed', new Date().toISOString(), { maxAge: 365 * 24 * 3600 }, win.document);
          },
        }
      : {}),
  };
}
