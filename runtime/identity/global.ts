import type { CustomerId } from '../analytics/beacon';
import { say } from '../core/log';
import { Msg } from '../core/messages';
import { VERSION } from './amcv';
import type { IdentityClient } from './client';

// `window.Visitor` for page code and third-party libraries written against the identity
// library: `Visitor.getInstance(orgId)` returns the container's client; calling the constructor
// directly is refused with the library's message. A page that loads its own Visitor keeps it.

/** The library's auth states (0 unknown, 1 authenticated, 2 logged out) from a number or its text; anything else is unknown. */
function authState(value: unknown): CustomerId['authState'] {
  const s = String(value);
  return s === '1' ? 1 : s === '2' ? 2 : 0;
}

export function installVisitorGlobal(win: Window & typeof globalThis, orgId: string, client: IdentityClient): void {
  const host = win as unknown as Record<string, unknown>;
  if (host.Visitor !== undefined) return;
  const optIn = client.optIn;
  const approved = () => optIn.state() === 'approved';
  const instance = {
    version: VERSION,
    marketingCloudOrgID: orgId,
    getMarketingCloudVisitorID(callback?: (id: string) => void): string {
      if (typeof callback === 'function') client.whenReady(0x7fffffff, (f) => callback(f.mid ?? ''));
      return client.fields().mid ?? '';
    },
    getSupplementalDataID: (consumer: string, noGenerate?: boolean) => client.supplementalDataId(String(consumer), noGenerate),
    setCustomerIDs(ids: unknown) {
      if (!ids || typeof ids !== 'object') return;
      const out: Record<string, CustomerId> = {};
      for (const [code, v] of Object.entries(ids as Record<string, unknown>)) {
        const entry = typeof v === 'string' ? { id: v, authState: 0 } : (v as { id?: unknown; authState?: unknown } | null);
        if (entry && typeof entry.id === 'string' && entry.id) out[code] = { id: entry.id, authState: authState(entry.authState) };
      }
      client.setCustomerIds(out);
    },
    getCustomerIDs: () => client.fields().customerIds ?? {},
    idSyncByURL: (c: Record<string, unknown>) => client.idSyncByURL(c ?? {}),
    idSyncByDataSource: (c: Record<string, unknown>) => client.idSyncByDataSource(c ?? {}),
    isAllowed: approved,
    // The opt-in's own functions: closures that take no argument and return nothing.
    optIn: {
      approve: optIn.approve,
      deny: optIn.deny,
      isApproved: approved,
      isComplete: () => optIn.state() !== 'not complete',
    },
  };
  function Visitor(): void {
    say(Msg.UseGetInstance);
  }
  Visitor.version = VERSION;
  Visitor.AuthState = { UNKNOWN: 0, AUTHENTICATED: 1, LOGGED_OUT: 2 };
  Visitor.getInstance = (org?: unknown) => {
    if (typeof org !== 'string' || !org) {
      say(Msg.MissingOrg);
      return undefined;
    }
    return instance;
  };
  host.Visitor = Visitor;
}
