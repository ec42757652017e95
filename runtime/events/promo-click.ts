import type { EventSource } from '../declare/types';
import { reason, say } from '../core/log';
import { Msg } from '../core/messages';
import { delayNavigation } from '../behaviours/anchor-delay';
import { PROMO_ATTRIBUTE, readPromo, type Promo } from '../behaviours/promotions';
import { TOOLING } from '../declare/tooling';

/** Spec §9: the promotion click's anchor delay. */
export const PROMO_ANCHOR_DELAY = 500;

/** Fires when an element marked data-ea-promo (or something inside it) is clicked; a link in it waits anchorDelay ms. */
/* @__NO_SIDE_EFFECTS__ */
export function promoClick(options: { attribute?: string; anchorDelay?: number } = {}): EventSource<Promo & { href: string }> {
  // An option no project module names is compiled out (runtime/declare/unset-options.ts).
  const attribute = (__TAGC_UNSET_attribute__ ? undefined : options.attribute) ?? PROMO_ATTRIBUTE;
  const anchorDelay = options.anchorDelay ?? PROMO_ANCHOR_DELAY;
  return {
    kind: TOOLING ? 'promoClick' : '',
    key: '@promoClick',
    params: TOOLING ? { attribute, anchorDelay } : {},
    listen(emit, { win }) {
      win.document.addEventListener('click', (ev) => {
        try {
          const target = ev.target;
          if (!(target instanceof win.Element)) return;
          const el = target.closest(`[${attribute}]`);
          const promo = el && readPromo(el, attribute);
          if (!promo) return;
          const link = target.closest('a[href]') ?? el.querySelector('a[href]');
          emit({ ...promo, href: link ? (link as HTMLAnchorElement).href : '' });
          delayNavigation(win, ev, target.closest('a[href]'), anchorDelay);
        } catch (error) {
          say(Msg.PromoClickFailed, reason(error));
        }
      });
    },
  };
}
