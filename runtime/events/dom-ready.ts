import { TOOLING } from '../declare/tooling';
import type { EventSource } from '../declare/types';

/** Fires once when the DOM is parsed (at once if it already is). */
/* @__NO_SIDE_EFFECTS__ */
export function domReady(): EventSource<undefined> {
  return {
    kind: TOOLING ? 'domReady' : '',
    key: '@domReady',
    params: {},
    sliced: true,
    listen(emit, { win }) {
      if (win.document.readyState !== 'loading') emit();
      else win.document.addEventListener('DOMContentLoaded', () => emit(), { once: true });
    },
  };
}
