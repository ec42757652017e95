import type { Env } from '../../runtime/declare/types';
import type { SimulateOptions } from '../simulate/types';
import type { DataLayerEntry, Scenario, UntypedEntry } from './types';

// A scenario as `simulate()` options (pure): exactly the inputs of `tagc simulate`.

const entry = (e: DataLayerEntry | UntypedEntry): unknown => (e && typeof e === 'object' && '__tagcUntyped' in e ? e.__tagcUntyped : e);
const pairs = (record: Readonly<Record<string, string>> | undefined) => (record ? Object.entries(record).map(([k, v]) => `${k}=${v}`) : undefined);

export function simulateOptions(s: Scenario, env: Env, buildDir: string): SimulateOptions {
  return {
    env,
    buildDir,
    url: s.url,
    referrer: s.referrer,
    userAgent: s.userAgent,
    cookies: pairs(s.cookies),
    local: pairs(s.localStorage),
    consent: s.consent === undefined ? undefined : typeof s.consent === 'string' ? s.consent : s.consent.length ? s.consent.join(',') : 'none',
    consentEvent: s.consentEvent === undefined ? undefined : typeof s.consentEvent === 'string' ? s.consentEvent : `changed:${s.consentEvent.changed.join(',')}`,
    push: s.push?.map(entry),
    after: s.after?.map(entry),
    wait: s.wait,
    respond: s.respond?.map((r) => ({ ...r })),
  };
}
