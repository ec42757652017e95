import { TOOLING } from '../declare/tooling';
import type { EventSource } from '../declare/types';

/** Fires once when the window's load event has happened (at once if it already has). */
/* @__NO_SIDE_EFFECTS__ */
export function windowLoaded(): EventSource<undefined> {
  return {
    kind: TOOLING ? 'windowLoaded' : '',
    key: '@windowLoaded',
    params: {},
    sliced: true,
    listen(emit, { win }) {
      if (win.document.readyState === 'complete') emit();
      else win.addEventListener('load', () => emit(), { once: true });
    },
  };
}
