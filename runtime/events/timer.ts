import type { EventSource } from '../declare/types';
import { KIND_PARAMS } from '../declare/params';

/** Fires once, `seconds` after the container started on the page (spec §9: a 30-seconds-on-page trigger). */
/* @__NO_SIDE_EFFECTS__ */
export function timeOnPage(seconds: number): EventSource<{ seconds: number }> {
  return {
    kind: KIND_PARAMS ? 'timeOnPage' : '',
    key: `@timeOnPage:${seconds}`,
    params: KIND_PARAMS ? { seconds } : {},
    listen(emit, { win }) {
      win.setTimeout(() => emit({ seconds }), seconds * 1000);
    },
  };
}
