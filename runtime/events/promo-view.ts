import type { EventSource } from '../declare/types';
import { log, reason, say } from '../core/log';
import { Msg } from '../core/messages';
import { PROMO_ATTRIBUTE, readPromo, type Promo } from '../behaviours/promotions';
import { TOOLING } from '../declare/tooling';

/** Spec §9: how often the page is searched again for promotions added since (viewport refresh). */
export const PROMO_REFRESH_MS = 3000;

/**
 * Fires once per promotion element (data-ea-promo) when it first enters the viewport. Uses
 * IntersectionObserver; where there is none (old browsers) views cannot be known and none are
 * reported. Elements added later are picked up every `refresh` ms.
 */
/* @__NO_SIDE_EFFECTS__ */
export function promoView(options: { attribute?: string; refresh?: number } = {}): EventSource<Promo> {
  // Options no project module names are compiled out (runtime/declare/unset-options.ts).
  const attribute = (__TAGC_UNSET_attribute__ ? undefined : options.attribute) ?? PROMO_ATTRIBUTE;
  const refresh = (__TAGC_UNSET_refresh__ ? undefined : options.refresh) ?? PROMO_REFRESH_MS;
  return {
    kind: TOOLING ? 'promoView' : '',
    key: '@promoView',
    params: TOOLING ? { attribute, refresh } : {},
    listen(emit, { win }) {
      const Observer = (win as { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
      if (typeof Observer !== 'function') {
        DEBUG: log.info('Promotion views are not tracked: this browser has no IntersectionObserver');
        return;
      }
      const seen = new WeakSet<Element>();
      const observer = new Observer((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          try {
            const promo = readPromo(entry.target, attribute);
            if (promo) emit(promo);
          } catch (error) {
            say(Msg.PromoViewFailed, reason(error));
          }
        }
      });
      const scan = () => {
        try {
          win.document.querySelectorAll(`[${attribute}]`).forEach((el) => {
            if (seen.has(el)) return;
            seen.add(el);
            observer.observe(el);
          });
        } catch (error) {
          say(Msg.PromoViewFailed, reason(error));
        }
      };
      scan();
      if (refresh > 0) win.setInterval(scan, refresh);
    },
  };
}
