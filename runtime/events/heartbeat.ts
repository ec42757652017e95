import type { EventSource } from '../declare/types';
import { KIND_PARAMS } from '../declare/params';

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
    kind: KIND_PARAMS ? 'heartbeat' : '',
    key: `@heartbeat:${every}`,
    params: KIND_PARAMS ? { every } : {},
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
