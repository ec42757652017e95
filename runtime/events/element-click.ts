import type { EventSource } from '../declare/types';
import { reason, say } from '../core/log';
import { Msg } from '../core/messages';
import { TOOLING } from '../declare/tooling';

// A click on an element matching a CSS selector (Launch's Core "Click"). Listens in the capture
// phase, so that a page handler that stops the event does not hide it; walks from the clicked
// element up to the document and fires once for each element that matches (the innermost first),
// or only for the clicked element itself with `targetOnly`.

export interface ElementClick {
  /** The element that matched the selector (Launch's `event.element`, `this` in custom code). */
  element: Element;
  /** The element that was clicked. */
  target: Element;
  nativeEvent: Event;
}

export interface ElementClickOptions {
  /** Fire only when the clicked element itself matches, not for its ancestors (Launch: bubbleFireIfParent off). */
  targetOnly?: boolean;
}

/** Fires on clicks on elements matching `selector` (every element when it is omitted; then once, for the clicked element). */
/* @__NO_SIDE_EFFECTS__ */
export function elementClick(selector?: string, options: ElementClickOptions = {}): EventSource<ElementClick> {
  return {
    kind: TOOLING ? 'elementClick' : '',
    key: `@click:${selector ?? '*'}${options.targetOnly ? ':target' : ''}`,
    params: TOOLING ? { ...(selector === undefined ? {} : { selector }), ...options } : {},
    listen(emit, { win }) {
      win.document.addEventListener(
        'click',
        (ev) => {
          const target = ev.target;
          if (!(target instanceof win.Element)) return;
          try {
            for (let node: Element | null = target; node; node = options.targetOnly || !selector ? null : node.parentElement) {
              if (!selector || node.matches(selector)) emit({ element: node, target, nativeEvent: ev });
            }
          } catch (error) {
            say(Msg.ClickTrackingFailed, String(selector), reason(error));
          }
        },
        true,
      );
    },
  };
}
