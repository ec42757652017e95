import { CONSENT_POLL_MS } from './data-layer';
import { forgetCookies, getCookie } from './cookies';
import { log } from './log';

// The site config's `dataLayer.consentCookie` (docs/validation.md): the data layer attaches only
// once that cookie exists. Its own module: the generated entry imports it only for a site that
// names a cookie, so a bundle that starts at once does not carry the wait.

/** When the data layer attaches: `attach` at once, or later (start.ts calls it with the attach step). */
export type AttachWhen = (win: Window & typeof globalThis, attach: () => void) => void;

/**
 * Attaches once the cookie exists (checked now, then every 250 ms). Entries pushed meanwhile stay
 * in the array and are processed in order when the data layer attaches.
 */
export function whenConsentCookie(cookieName: string): AttachWhen {
  return (win, attach) => {
    const present = () => {
      try {
        // The cookie is the page's (its consent banner's) to write: never an earlier read's jar.
        forgetCookies();
        return getCookie(cookieName, win.document) !== undefined;
      } catch {
        return false;
      }
    };
    if (present()) return attach();
    DEBUG: log.info(`Data layer waits for the consent cookie ${cookieName}`);
    const timer = win.setInterval(() => {
      if (!present()) return;
      win.clearInterval(timer);
      attach();
    }, CONSENT_POLL_MS);
  };
}
