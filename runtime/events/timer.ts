import type { EventSource } from '../declare/types';
import { TOOLING } from '../declare/tooling';

/** Fires once, `seconds` after the container started on the page (spec §9: a 30-seconds-on-page trigger). */
/* @__NO_SIDE_EFFECTS__ */
export function timeOnPage(seconds: number): EventSource<{ seconds: number }> {
  return {
    kind: TOOLING ? 'timeOnPage' : '',
    key: `@timeOnPage:${seconds}`,
    params: TOOLING ? { seconds } : {},
    listen(emit, { win }) {
      win.setTimeout(() => emit({ seconds }), seconds * 1000);
    },
  };
}
