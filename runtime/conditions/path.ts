import type { Condition } from '../declare/types';
import { TOOLING } from '../declare/tooling';

// The page path (location.pathname). One kind, several operators, so the viewer can say
// "path starts with /advisor" for all of them.

export type PathOp = 'startsWith' | 'contains' | 'equals' | 'endsWith' | 'matches';

/* @__NO_SIDE_EFFECTS__ */
function path(op: PathOp, source: string, re?: RegExp): Condition {
  // The pattern's source comes from its caller (pathMatches): a test of the value's type here
  // stayed in the bundle where the one call inlined passes a string.
  return {
    kind: 'path',
    params: TOOLING ? (re ? { op, value: source, flags: re.flags } : { op, value: source }) : {},
    test({ runtime }) {
      const p = runtime.win.location.pathname;
      switch (op) {
        case 'startsWith':
          return p.startsWith(source);
        case 'contains':
          return p.includes(source);
        case 'equals':
          return p === source;
        case 'endsWith':
          return p.endsWith(source);
        case 'matches':
          // Only pathMatches names 'matches', and it always passes its pattern.
          return re!.test(p);
      }
    },
    explain: ({ runtime }) => ({ subject: runtime.win.location.pathname, expected: source }),
  };
}

/* @__NO_SIDE_EFFECTS__ */ export const pathStartsWith = (prefix: string) => path('startsWith', prefix);
/* @__NO_SIDE_EFFECTS__ */ export const pathContains = (part: string) => path('contains', part);
/* @__NO_SIDE_EFFECTS__ */ export const pathEquals = (value: string) => path('equals', value);
/* @__NO_SIDE_EFFECTS__ */ export const pathEndsWith = (suffix: string) => path('endsWith', suffix);
/* @__NO_SIDE_EFFECTS__ */ export const pathMatches = (pattern: RegExp) => path('matches', pattern.source, pattern);
