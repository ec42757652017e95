import { TOOLING } from '../declare/tooling';
import type { EventSource, RuntimeServices } from '../declare/types';

// Launch's Page Bottom: the page calls `_satellite.pageBottom()` at the end of its body. A page
// that never calls it still gets these rules once, when the DOM is parsed and before DOM-ready
// rules (a capture listener runs ahead of domReady's), as Launch does.

const KEY = '@pageBottom';

/** Emits the page-bottom event the first time it is called on a page; later calls do nothing. */
export function firePageBottom(services: RuntimeServices): void {
  const state = services.service<{ fired?: true }>('pageBottom', () => ({}));
  if (state.fired) return;
  state.fired = true;
  services.emit(KEY, 'pageBottom');
}

/** Fires once: on `_satellite.pageBottom()`, or when the DOM is parsed if the page never calls it. */
/* @__NO_SIDE_EFFECTS__ */
export function pageBottom(): EventSource<undefined> {
  return {
    kind: TOOLING ? 'pageBottom' : '',
    key: KEY,
    params: {},
    listen(_emit, services) {
      const doc = services.win.document;
      if (doc.readyState !== 'loading') firePageBottom(services);
      else doc.addEventListener('DOMContentLoaded', () => firePageBottom(services), { capture: true, once: true });
    },
  };
}
