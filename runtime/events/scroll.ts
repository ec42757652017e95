import type { EventSource } from '../declare/types';
import { TOOLING } from '../declare/tooling';

/** The depths (percent of the page) reported by default. */
export const SCROLL_MARKS: readonly number[] = [25, 50, 75, 100];
const THROTTLE_MS = 250;

/** How far down the page the bottom of the viewport is, in percent (0-100). */
export function scrolledPercent(win: Window & typeof globalThis): number {
  const doc = win.document.documentElement;
  const body = win.document.body;
  const height = Math.max(doc?.scrollHeight ?? 0, body?.scrollHeight ?? 0);
  const top = win.scrollY ?? doc?.scrollTop ?? 0;
  const seen = top + (win.innerHeight || doc?.clientHeight || 0);
  if (!(height > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((seen / height) * 100)));
}

/** Fires once per mark when the visitor scrolls to that depth (page scroll, spec §3); throttled to one check per 250 ms. */
/* @__NO_SIDE_EFFECTS__ */
export function scrollDepth(marks: readonly number[] = SCROLL_MARKS): EventSource<{ percent: number }> {
  const sorted = [...marks].sort((a, b) => a - b);
  return {
    kind: TOOLING ? 'scrollDepth' : '',
    key: `@scrollDepth:${sorted.join(',')}`,
    params: TOOLING ? { marks: sorted } : {},
    listen(emit, { win }) {
      let next = 0;
      let waiting = false;
      const check = () => {
        waiting = false;
        const percent = scrolledPercent(win);
        while (next < sorted.length && percent >= sorted[next]) emit({ percent: sorted[next++] });
        if (next >= sorted.length) win.removeEventListener('scroll', onScroll);
      };
      const onScroll = () => {
        if (waiting) return;
        waiting = true;
        win.setTimeout(check, THROTTLE_MS);
      };
      win.addEventListener('scroll', onScroll, { passive: true });
    },
  };
}
