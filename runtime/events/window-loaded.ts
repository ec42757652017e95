import { KIND_PARAMS } from '../declare/params';
import type { EventSource } from '../declare/types';

/** Fires once when the window's load event has happened (at once if it already has). */
/* @__NO_SIDE_EFFECTS__ */
export function windowLoaded(): EventSource<undefined> {
  return {
    kind: KIND_PARAMS ? 'windowLoaded' : '',
    key: '@windowLoaded',
    params: {},
    listen(emit, { win }) {
      if (win.document.readyState === 'complete') emit();
      else win.addEventListener('load', () => emit(), { once: true });
    },
  };
}
