import type { RuntimeServices } from '../../runtime/declare/types';
import { log, reason } from '../../runtime/core/log';
import { isPlainObject } from '../../runtime/core/merge';
import { setItem } from '../../runtime/core/storage';
import { site } from '../site.config';

// Spec §7: GET {origin}/api/advisor/identity-service/identities/partyId; the response is the party
// id (plain text, a JSON string, or JSON with a partyId field), saved to local storage. Failures
// are only logged. One request per page, however many events ask. Custom code reaches the network
// only through ctx.runtime.send (the egress point), to the hosts its action declares ('self').

/** The hosts the party-id action declares for the host inventory. */
export const PARTY_ID_HOSTS = ["'self'"];

function partyIdFrom(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    const json: unknown = JSON.parse(trimmed);
    // The id alone, or an object's partyId; text or a number either way.
    const id = isPlainObject(json) ? json.partyId : json;
    return typeof id === 'string' || typeof id === 'number' ? String(id) || undefined : undefined;
  } catch {
    return /^[\w.:-]{1,128}$/.test(trimmed) ? trimmed : undefined;
  }
}

/** Starts the call (once per page); what it answers is stored, a failure logged, and nothing waits for it. */
export function requestPartyId(runtime: RuntimeServices): void {
  // The call is the page's service: made (sent) by the first request, kept for the rest. A GET
  // with same-origin credentials: fetch's defaults, not written again. The path alone: the egress
  // point reads a relative URL against the page's, so the request goes to the page's origin.
  runtime.service('partyIdCall', () =>
    runtime
      .send('necessary', site.partyIdPath, { headers: { Accept: 'application/json, text/plain' } })
      .then((res) => {
        if (!res?.ok) throw new Error('network response not ok');
        return res.text();
      })
      .then((text) => {
        const id = partyIdFrom(text);
        if (!id) throw new Error('no party id in the response');
        setItem('local', site.storage.partyId, id);
      })
      .catch((error: unknown) => {
        log.error(`party id error: ${reason(error)}`);
      }),
  );
}
