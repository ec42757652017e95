import { TOOLING } from '../declare/tooling';
import type { EventSource, RuntimeServices } from '../declare/types';

// Launch's Page Bottom: the page calls `_satellite.pageBottom()` at the end of its body. A page
// that never calls it still gets these rules once, when the DOM is parsed and before DOM-ready
// rules (a capture listener runs ahead of domReady's), as Launch does.

const KEY = '@pageBottom';

/** Emits the page-bottom event the first time it is called on a page; later calls do nothing. */
export function firePageBottom(services: RuntimeServices): void {
  // The page's 'pageBottom' service is made by the first call only; it is in place before the
  // event is emitted, so a rule that calls pageBottom() again emits nothing.
  let first = false;
  services.service('pageBottom', () => (first = true));
  if (first) services.emit(KEY, 'pageBottom');
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
