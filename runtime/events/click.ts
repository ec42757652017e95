import type { EventSource } from '../declare/types';
import { reason, say } from '../core/log';
import { Msg } from '../core/messages';
import { delayNavigation } from '../behaviours/anchor-delay';
import { classifyClick, type LinkClick, type LinkRules } from '../behaviours/links';
import { TOOLING } from '../declare/tooling';

export interface LinkClickOptions extends LinkRules {
  /** Milliseconds a same-window link waits for its beacon before it is followed (0: none). */
  anchorDelay: number;
}

/**
 * Fires when a tracked link is clicked (runtime/behaviours/links.ts says which are): the
 * data-ea-cta-link / -download-link / -exit-link / -ui-link attributes, downloads by extension,
 * class or file-url parameter, and links leaving the firm's domains. Listens in the bubbling phase
 * so that a click the page handled itself (defaultPrevented) is measured but not delayed.
 */
/* @__NO_SIDE_EFFECTS__ */
export function linkClick(options: LinkClickOptions): EventSource<LinkClick> {
  return {
    kind: TOOLING ? 'linkClick' : '',
    key: '@linkClick',
    params: TOOLING ? { ...options } : {},
    listen(emit, { win }) {
      win.document.addEventListener('click', (ev) => {
        try {
          const target = ev.target;
          if (!(target instanceof win.Element)) return;
          const click = classifyClick(target, win.location, options);
          if (!click) return;
          emit(click);
          delayNavigation(win, ev, target, options.anchorDelay);
        } catch (error) {
          say(Msg.LinkClickFailed, reason(error));
        }
      });
    },
  };
}
