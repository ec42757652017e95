// The authoring API: everything a module under rules/, data-elements/ or schemas/ imports.
// Each kind lives in its own file under runtime/<family>/; bundles carry only the kinds used.
export type * from './types';
// The order of these exports is the order of the runtime's modules in a bundle (esbuild places
// each module where it is first imported), which decides what gzip finds within its 32 KB window.
// It is measured, not derived: each export moved alone to the top or the bottom, the best moves
// kept, again after each change that shifts the bundle (prod 32,475 -> 32,413 B gzip -9 the first
// time; -9, -8, -6, -4 and -10 B since), domReady, libraryLoaded, overrideNoticeListener and
// activityPixel last.
export { scrollDepth } from '../events/scroll';
export { consentGranted } from '../conditions/consent';
export { linkClick } from '../events/click';
export { dataElement } from './data-element';
export { loadConsentNotice } from '../actions/consent-notice';
export { trackEvent } from '../actions/analytics-event';
export { rule } from './rule';
export { de, deEach } from './ref';
export { eventSchema } from './schema';
export { viewTable } from './table';
export { forEnvironment } from './for-environment';

export { windowLoaded } from '../events/window-loaded';
export { pageHidden } from '../events/page-hidden';
export { directCall } from '../events/direct-call';
export { pageBottom } from '../events/page-bottom';
export { elementClick } from '../events/element-click';
export { consentGiven, consentChanged, consentDeclined } from '../events/consent';

export { pathStartsWith, pathContains, pathEquals, pathEndsWith, pathMatches } from '../conditions/path';
export { hostEquals, hostIn, hostContains, hostWithin } from '../conditions/host';
export {
  equals, notEquals, contains, startsWith, endsWith, matches, isIn, truthy, falsy,
  lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual, isTrue, isFalse, isTruthy,
} from '../conditions/compare';
export { not } from '../conditions/not';
export { anyOf } from '../conditions/any-of';

export { sendPageView } from '../actions/analytics-page-view';
export type { AnalyticsSettings } from '../analytics/settings';
export { sendLinkHit } from '../actions/analytics-link';
export { setVariables } from '../actions/analytics-set';
export { clearVariables } from '../actions/analytics-clear';
export { identityOptIn } from '../actions/analytics-opt-in';
export { analyticsQa } from '../actions/analytics-qa';

export { trustArcConsent, oneTrustConsent, impliedConsent } from '../actions/consent-provider';
export { loadScript } from '../actions/script';
export { socialPixel } from '../actions/pixel-social';

export { dataLayerValue } from '../data-elements/data-layer';
export { queryParam } from '../data-elements/query-param';
export { cookie } from '../data-elements/cookie';
export { localItem, sessionItem } from '../data-elements/storage-item';
export { constant } from '../data-elements/constant';
export { derived } from '../data-elements/derived';
export { computed } from '../data-elements/computed';
export { globalVariable } from '../data-elements/global-variable';
export { pageInfo } from '../data-elements/page-info';
export { domAttribute } from '../data-elements/dom-attribute';
export { triggerDirectCall } from '../actions/trigger-direct-call';
export { loadTargeting } from '../actions/targeting-page-load';

// Event behaviours (issue 5): clicks, promotions, page timers, scroll, forms, multi-step processes.
export { promoClick } from '../events/promo-click';
export { promoView } from '../events/promo-view';
export { heartbeat } from '../events/heartbeat';
export { timeOnPage } from '../events/timer';
export { processStage } from '../conditions/process-stage';
export { watchFormFields } from '../actions/form-abandon-watch';

// Code imported from Adobe Launch (tagc import launch): Launch's synthetic event and its tokens.
export { launchEvent, launchToken, type LaunchEvent } from '../launch/event';

// Here for gzip, as dataElement first (see the order's note at the top).
export { setCustomerIds } from '../actions/analytics-customer-ids';

// Last, domReady, libraryLoaded, overrideNoticeListener and activityPixel: see the order's note at the top.
export { domReady } from '../events/dom-ready';
export { libraryLoaded } from '../events/library-loaded';
export { overrideNoticeListener } from '../actions/consent-listener-override';
export { activityPixel } from '../actions/pixel';
