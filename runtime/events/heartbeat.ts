import type { EventSource } from '../declare/types';
import { TOOLING } from '../declare/tooling';

/** Spec §9: the page heartbeat interval. */
export const HEARTBEAT_MS = 30_000;

/**
 * Fires every `every` ms while the page is visible (a hidden tab is not being read, so its beats
 * are skipped); the payload counts the beats sent and the seconds they stand for.
 */
/* @__NO_SIDE_EFFECTS__ */
export function heartbeat(options: { every?: number } = {}): EventSource<{ beat: number; seconds: number }> {
  const every = options.every ?? HEARTBEAT_MS;
  return {
    kind: TOOLING ? 'heartbeat' : '',
    key: `@heartbeat:${every}`,
    params: TOOLING ? { every } : {},
    listen(emit, { win }) {
      let beat = 0;
      win.setInterval(() => {
        if (win.document.visibilityState === 'hidden') return;
        beat++;
        emit({ beat, seconds: Math.round((beat * every) / 1000) });
      }, every);
    },
  };
}
