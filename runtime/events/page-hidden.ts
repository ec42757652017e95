import { TOOLING } from '../declare/tooling';
import type { EventSource } from '../declare/types';

/**
 * Fires once when the page is hidden or being unloaded: `visibilitychange` to hidden or
 * `pagehide`, whichever comes first. Never `unload`, which blocks the back/forward cache.
 * See https://developer.chrome.com/docs/web-platform/deprecating-unload
 */
/* @__NO_SIDE_EFFECTS__ */
export function pageHidden(): EventSource<undefined> {
  return {
    kind: TOOLING ? 'pageHidden' : '',
    key: '@pageHidden',
    params: {},
    listen(emit, { win }) {
      let done = false;
      const fire = () => {
        if (done) return;
        done = true;
        emit();
      };
      win.document.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState === 'hidden') fire();
      });
      win.addEventListener('pagehide', fire);
    },
  };
}
