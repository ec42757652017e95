import type { ConsentCategory } from '../declare/types';

// One interface for every cookie-consent provider: a provider reads its own stored preferences
// and tells the consent service when the visitor submits new ones. Adding a provider means one
// file implementing ConsentProvider (trustarc.ts, onetrust.ts).

export type Grants = Record<ConsentCategory, boolean>;

export const CATEGORIES: readonly ConsentCategory[] = ['analytics', 'advertising', 'performance'];

/** Every category with its answer, in CATEGORIES' order. */
export function grantsBy(granted: (category: ConsentCategory) => boolean): Grants {
  return Object.fromEntries(CATEGORIES.map((c) => [c, granted(c)])) as Grants;
}

export const ALL_GRANTED: Grants = grantsBy(() => true);
export const NONE_GRANTED: Grants = grantsBy(() => false);

export interface ConsentProvider {
  /** Provider name, for logs and the viewer. */
  readonly name: string;
  /** The stored preferences, or null when the visitor has not decided yet. */
  read(win: Window & typeof globalThis): Grants | null;
  /** Calls back each time the visitor submits preferences (after the provider stored them). */
  subscribe(win: Window & typeof globalThis, onSubmit: () => void): void;
  /** Writes preferences as the provider's own notice would (simulate and tests): only with tooling (runtime/declare/tooling.ts). */
  write?(win: Window & typeof globalThis, grants: Grants): void;
}

/** Grants from a comma list of categories (`all` grants every category). */
export function grantsOf(list: readonly string[]): Grants {
  const all = list.includes('all');
  return grantsBy((c) => all || list.includes(c));
}

export function sameGrants(a: Grants, b: Grants): boolean {
  return CATEGORIES.every((c) => a[c] === b[c]);
}

export function noneGranted(g: Grants): boolean {
  return CATEGORIES.every((c) => !g[c]);
}
