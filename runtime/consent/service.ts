import { setCookie } from '../core/cookies';
import { log, reason, say } from '../core/log';
import { Msg } from '../core/messages';
import type { ConsentCategory, RuntimeServices } from '../declare/types';
import { consentSlot, type ConsentApi } from './gate';
import { consentSkipped, type SkipRules } from './skip';
import { ALL_GRANTED, NONE_GRANTED, noneGranted, sameGrants, type ConsentProvider, type Grants } from './types';

// The page's consent state (spec §4): skipped pages grant everything; no stored decision grants
// everything; the provider's stored decision otherwise. Given fires consent-given, and again once
// the window has loaded; a later change fires consent-changed; a decline fires declined and sets
// the suppression cookie with the date.

export type ConsentChange = 'given' | 'changed' | 'declined';

export interface ConsentSettings {
  skip: SkipRules;
  /** Cookie set on decline; its value is the date (ISO). */
  suppressionCookie: { name: string; days: number };
}

export interface ConsentService extends ConsentApi {
  /** Consent is skipped on this page (the notice is not shown). */
  readonly skipped: boolean;
}

export function startConsent(services: RuntimeServices, provider: ConsentProvider, settings: ConsentSettings): ConsentService {
  const slot = consentSlot(services);
  const win = services.win;
  const skipped = consentSkipped(win, settings.skip);
  const stored = skipped ? null : safeRead(provider, win);
  let decided = skipped || stored !== null;
  // A skipped page has nothing stored: it grants everything, as a page without a decision does.
  let grants: Grants = stored ?? ALL_GRANTED;

  const notify = (change: ConsentChange) => {
    DEBUG: log.info(`Consent ${change}: ${JSON.stringify(grants)}`);
    for (const listener of slot.listeners.slice()) {
      try {
        listener(change);
      } catch (error) {
        say(Msg.ConsentListenerFailed, reason(error));
      }
    }
  };

  const service: ConsentService = {
    skipped,
    granted: (category: ConsentCategory) => grants[category] === true,
  };
  slot.api = service;

  if (decided && !noneGranted(grants)) {
    notify('given');
    if (win.document.readyState === 'complete') win.setTimeout(() => notify('given'), 0);
    else win.addEventListener('load', () => notify('given'), { once: true });
  }
  if (skipped) return service;

  provider.subscribe(win, () => {
    try {
      const next = safeRead(provider, win) ?? ALL_GRANTED;
      const before = grants;
      const wasDecided = decided;
      grants = noneGranted(next) ? NONE_GRANTED : next;
      decided = true;
      if (noneGranted(next)) {
        if (wasDecided && noneGranted(before)) return;
        setCookie(settings.suppressionCookie.name, new Date().toISOString(), { maxAge: settings.suppressionCookie.days * 86400 }, win.document);
        notify('declined');
      } else if (!wasDecided || noneGranted(before)) notify(wasDecided ? 'changed' : 'given');
      else if (!sameGrants(before, next)) notify('changed');
    } catch (error) {
      say(Msg.ConsentUpdateFailed, reason(error));
    }
  });
  return service;
}

function safeRead(provider: ConsentProvider, win: Window & typeof globalThis): Grants | null {
  try {
    return provider.read(win);
  } catch (error) {
    say(Msg.ConsentUnreadable, provider.name, reason(error));
    return NONE_GRANTED;
  }
}
