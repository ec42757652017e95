import { linkClick } from '../../../runtime/declare';
import { site } from '../../site.config';

// Click tracking (spec §9) is off unless site.config turns it on: its rules are then off
// (`enabled: false`): checked, built into no bundle, listed as off in graph.json, no bytes.

export const clickTrackingOn: boolean = site.clickTracking.enabled;

/** The one link-click source the click-tracking rules share (sites.md internal-link filter). */
export const trackedLinkClick = linkClick({
  ownDomains: [...site.hosts.ownDomains],
  internalSchemes: [...site.internalSchemes],
  anchorDelay: site.clickTracking.anchorDelay,
});
