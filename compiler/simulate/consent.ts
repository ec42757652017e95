import { oneTrustProvider } from '../../runtime/consent/onetrust';
import { trustArcProvider } from '../../runtime/consent/trustarc';
import { CATEGORIES, grantsOf, type ConsentProvider, type Grants } from '../../runtime/consent/types';
import type { SimulationSettings } from '../graph-types';
import type { SimWindow } from './types';

// `--consent` and `--consent-event`: the visitor's stored consent written to the provider's real
// cookies before load, and the provider's callback after load, as the notice itself would do. The
// provider is the built container's own (build/manifest.json `simulate.consent`).

export function projectProvider(settings: SimulationSettings['consent'] | undefined): ConsentProvider {
  if (!settings) throw new Error('this build has no consent provider (no consentProvider action, or a build made before manifest.json carried `simulate`): --consent and --consent-event need one');
  return settings.provider === 'trustarc' ? trustArcProvider({ levels: { ...settings.levels } }) : oneTrustProvider({ groups: { ...settings.groups } });
}

function categories(list: string, flag: string): string[] {
  const items = list.split(',').map((s) => s.trim()).filter(Boolean);
  for (const c of items) if (c !== 'all' && !(CATEGORIES as readonly string[]).includes(c)) throw new Error(`${flag}: unknown consent category "${c}" (use ${CATEGORIES.join(', ')} or all)`);
  return items;
}

/** Stores grants as the provider's notice would; every provider has write in Node (a bundle without tooling has none). */
function write(provider: ConsentProvider, win: SimWindow, grants: Grants): void {
  if (!provider.write) throw new Error(`the ${provider.name} consent provider cannot write consent here (built without tooling)`);
  provider.write(win, grants);
}

/** `unset | all | none | <comma list>`: what is stored before the page loads. */
export function writeStoredConsent(provider: ConsentProvider, win: SimWindow, spec: string): void {
  if (spec === 'unset') return;
  write(provider, win, grantsOf(spec === 'none' ? [] : categories(spec, '--consent')));
}

/** `given | changed:<categories> | declined`: the provider's callback after load. */
export function fireConsentEvent(provider: ConsentProvider, win: SimWindow, spec: string): void {
  const m = /^(given|declined|changed:(.+))$/.exec(spec);
  if (!m) throw new Error(`--consent-event '${spec}' must be given, declined or changed:<categories>`);
  const list = m[1] === 'given' ? ['all'] : m[1] === 'declined' ? [] : categories(m[2], '--consent-event');
  write(provider, win, grantsOf(list));
  if (provider.name === 'trustarc') win.postMessage(JSON.stringify({ source: 'preference_manager', message: 'submit_preferences' }), '*');
  else win.dispatchEvent(new win.Event('OneTrustGroupsUpdated'));
}
