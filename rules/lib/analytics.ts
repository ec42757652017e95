import { de } from '../../runtime/declare';
import { sendPageView } from '../../runtime/actions/analytics-page-view';
import { sendLinkHit } from '../../runtime/actions/analytics-link';
import { trackEvent } from '../../runtime/actions/analytics-event';
import { setVariables } from '../../runtime/actions/analytics-set';
import { clearVariables } from '../../runtime/actions/analytics-clear';
import { setCustomerIds } from '../../runtime/actions/analytics-customer-ids';
import { identityOptIn } from '../../runtime/actions/analytics-opt-in';
import type { AnalyticsSettings, IdentitySettings } from '../../runtime/analytics/settings';
import type { LinkType } from '../../runtime/analytics/beacon';
import type { DataElementName, DataElementRef } from '../../runtime/declare/types';
import { site } from '../site.config';

// The container's analytics actions: the firm's tracking server, the reporting suite selected per
// page (data-elements/report-suite.ts), the identity service of the site configuration, and the
// abort switch (data-elements/analytics.ts). Variables use AppMeasurement names (eVar22, prop5,
// channel, events, products, list1, contextData); the beacon builder maps them to the wire.

export const identity: IdentitySettings = { orgId: site.ids.marketingCloudOrg, host: site.hosts.identity };

export const analytics: AnalyticsSettings = {
  trackingServer: site.hosts.trackingServer,
  reportSuite: de('reportSuite'),
  identity,
  abort: de('analyticsAborted'),
};

/** Page Load Completed: set the variables, send the page view, clear the variables. */
export const pageView = (vars: Record<string, unknown> = {}) => sendPageView({ settings: analytics, vars });

/**
 * Every other analytics rule (spec §4) in one line: set variables, send a link hit with exactly
 * them and the events, clear variables.
 * `analyticsEvent({ linkName: 'CTA', events: ['event61'], vars: { eVar22: de('pageName') } })`
 */
export const analyticsEvent = (o: {
  linkName: string | DataElementRef;
  events?: readonly string[];
  sharedEvents?: readonly string[];
  vars?: Record<string, unknown>;
  linkType?: LinkType;
  linkUrl?: string | DataElementRef;
}) => trackEvent({ settings: analytics, ...o });

/** A link hit with the variables set so far (filtered by linkTrackVars / linkTrackEvents). */
export const linkHit = (name: string | DataElementRef, o: { type?: LinkType; url?: string | DataElementRef; vars?: Record<string, unknown> } = {}) =>
  sendLinkHit({ settings: analytics, name, ...o });

export const setVars = setVariables;
export const clearVars = clearVariables;

/**
 * Customer ids as authenticated ids for a logged-in identified user only (spec §6, §7). The
 * login state comes from the data elements passed here, as arguments of their own: swc writes
 * each reference in place, where from an options object it kept the object and a test of it.
 */
export const customerIds = (ids: Record<string, string | DataElementRef>, loggedIn: DataElementRef, identified?: DataElementRef) => setCustomerIds({ identity, ids, loggedIn, identified });

/** Identity opt-in from a consent data element: truthy approves, false denies. */
export const identityConsent = (approved: DataElementName) => identityOptIn({ identity: { ...identity, optInApplies: true }, approved: de(approved) });
