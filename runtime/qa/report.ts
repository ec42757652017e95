import { egressFetch } from '../core/egress';
import { log, reason } from '../core/log';
import type { AnalyticsClient } from '../analytics/client';
import { onSend } from '../analytics/sent';
import { beaconParams, checkBeacon, type QaFinding } from './checks';

// The analytics QA extension (spec §7): the hosted configuration names the property's tracking
// items; every finding on a beacon is posted to /property-validations. Failures are logged and
// change nothing else: QA never holds a hit.

export interface QaSettings {
  /** The QA service host (site.config). */
  host: string;
  propertyId: string;
  buildId: string;
}

interface TrackingItem {
  id?: string | number;
  key?: string;
  qaValueId?: string | number;
  qaTestId?: string | number;
}

export interface QaValidation {
  propertyTrackingItemId: string | number | null;
  propertyTrackingItemQaValueId: string | number | null;
  qaTestId: string | number | null;
  message: string;
  key: string;
  propertyId: string;
  buildId: string;
  propertyValidationTypeId: 2;
}

export function validationFor(f: QaFinding, items: readonly TrackingItem[], s: QaSettings): QaValidation {
  const item = items.find((i) => i.key === f.key);
  return {
    propertyTrackingItemId: item?.id ?? null,
    propertyTrackingItemQaValueId: item?.qaValueId ?? null,
    qaTestId: item?.qaTestId ?? null,
    message: f.message,
    key: f.key,
    propertyId: s.propertyId,
    buildId: s.buildId,
    propertyValidationTypeId: 2,
  };
}

export function startQa(win: Window & typeof globalThis, analytics: AnalyticsClient, s: QaSettings): void {
  const base = `https://${s.host}`;
  let items: TrackingItem[] = [];
  const config = egressFetch(win, 'analytics', `${base}/config?propertyId=${encodeURIComponent(s.propertyId)}&buildId=${encodeURIComponent(s.buildId)}`, { credentials: 'omit' })
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`status ${res.status}`))))
    .then((json: { trackingItems?: TrackingItem[] }) => {
      items = Array.isArray(json?.trackingItems) ? json.trackingItems : [];
    })
    .catch((error: unknown) => log.warn(`Analytics QA configuration unavailable: ${reason(error)}`));

  onSend(analytics, (hit) => {
    const findings = checkBeacon(beaconParams(hit.url));
    if (!findings.length) return;
    log.warn(`Analytics QA: ${findings.map((f) => `${f.key}: ${f.message}`).join('; ')}`);
    void config.then(() => {
      for (const f of findings) {
        egressFetch(win, 'analytics', `${base}/property-validations`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validationFor(f, items, s)), keepalive: true })
          .catch((error: unknown) => log.warn(`Analytics QA report failed: ${reason(error)}`));
      }
    });
  });
}
