import type { Condition } from '../declare/types';
import { TOOLING } from '../declare/tooling';

// The page host (location.hostname, lower case).

export type HostOp = 'equals' | 'contains' | 'in' | 'endsWith';

/* @__NO_SIDE_EFFECTS__ */
function host(op: HostOp, value: string | readonly string[]): Condition {
  const values = (typeof value === 'string' ? [value] : value).map((v) => v.toLowerCase());
  return {
    kind: 'host',
    params: TOOLING ? { op, value } : {},
    test({ runtime }) {
      const h = runtime.win.location.hostname;
      switch (op) {
        case 'equals':
        case 'in':
          return values.includes(h);
        case 'contains':
          return values.some((v) => h.includes(v));
        case 'endsWith':
          return values.some((v) => h === v || h.endsWith(`.${v}`));
      }
    },
    explain: ({ runtime }) => ({ subject: runtime.win.location.hostname, expected: value }),
  };
}

/* @__NO_SIDE_EFFECTS__ */ export const hostEquals = (value: string) => host('equals', value);
/* @__NO_SIDE_EFFECTS__ */ export const hostIn = (values: readonly string[]) => host('in', values);
/* @__NO_SIDE_EFFECTS__ */ export const hostContains = (value: string) => host('contains', value);
/** The host is the domain or one of its subdomains. */
/* @__NO_SIDE_EFFECTS__ */ export const hostWithin = (domains: string | readonly string[]) => host('endsWith', domains);
