import type { Condition, ConsentCategory } from '../declare/types';
import { consentAllows } from '../consent/gate';
import { TOOLING } from '../declare/tooling';

// Holds when the visitor's consent grants the category. The compiler's consent proof reads this
// kind: an action that sends a category must sit behind it (or behind the rule's `consent`).
// `exceptPaths` is the one declared exemption of spec §6 (analytics on the advisor
// client-accounts home page); the proof accepts it for analytics only.

/* @__NO_SIDE_EFFECTS__ */
export function consentGranted(category: ConsentCategory, options: { exceptPaths?: readonly string[] } = {}): Condition {
  const except = options.exceptPaths ?? [];
  return {
    kind: 'consentGranted',
    params: TOOLING ? except.length ? { category, exceptPaths: [...except] } : { category } : {},
    test(ctx) {
      // The consent first: granted (the usual case), the page's path is not read.
      return consentAllows(ctx.runtime, category) || except.includes(ctx.runtime.win.location.pathname);
    },
    // Asked only when `test` failed: the category was not granted (and the path is not exempt).
    explain: () => ({ subject: 'not granted', expected: category }),
  };
}
