import { site } from '../../rules/site.config';
import { oneTrustProvider } from '../../runtime/consent/onetrust';
import { trustArcProvider } from '../../runtime/consent/trustarc';
import { CATEGORIES, grantsOf, type ConsentProvider } from '../../runtime/consent/types';
import type { SimWindow } from './types';

// `--consent` and `--consent-event`: the visitor's stored consent written to the provider's real
// cookies before load, and the provider's callback after load, as the notice itself would do.

export function siteProvider(): ConsentProvider {
  return site.consent.provider === 'trustarc' ? trustArcProvider({ levels: { ...site.consent.levels } }) : oneTrustProvider({ groups: { ...site.consent.oneTrustGroups } });
}

function categories(list: string, flag: string): string[] {
  const items = list.split(',').map((s) => s.trim()).filter(Boolean);
  for (const c of items) if (c !== 'all' && !(CATEGORIES as readonly string[]).includes(c)) throw new Error(`${flag}: unknown consent category "${c}" (use ${CATEGORIES.join(', ')} or all)`);
  return items;
}

/** `unset | all | none | <comma list>`: what is stored before the page loads. */
export function writeStoredConsent(win: SimWindow, spec: string): void {
  if (spec === 'unset') return;
  siteProvider().write(win, grantsOf(spec === 'none' ? [] : categories(spec, '--consent')));
}

/** `given | changed:<categories> | declined`: the provider's callback after load. */
export function fireConsentEvent(win: SimWindow, spec: string): void {
  const provider = siteProvider();
  const m = /^(given|declined|changed:(.+))$/.exec(spec);
  if (!m) throw new Error(`--consent-event '${spec}' must be given, declined or changed:<categories>`);
  const list = m[1] === 'given' ? ['all'] : m[1] === 'declined' ? [] : categories(m[2], '--consent-event');
  provider.write(win, grantsOf(list));
  if (provider.name === 'trustarc') win.postMessage(JSON.stringify({ source: 'preference_manager', message: 'submit_preferences' }), '*');
  else win.dispatchEvent(new win.Event('OneTrustGroupsUpdated'));
}
