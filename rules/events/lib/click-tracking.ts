import { linkClick } from '../../../runtime/declare';
import { ENVIRONMENTS, type Env } from '../../../runtime/declare/types';
import { site } from '../../site.config';

// Click tracking (spec §9) is off unless site.config turns it on: its rules are then built into no
// bundle (the compiler notes them as in no environment) and cost no bytes.

export const clickEnvironments: readonly Env[] = site.clickTracking.enabled ? ENVIRONMENTS : [];

/** The one link-click source the click-tracking rules share (docs/site-config.md internal-link filter). */
export const trackedLinkClick = linkClick({
  ownDomains: [...site.hosts.ownDomains],
  internalSchemes: [...site.internalSchemes],
  anchorDelay: site.clickTracking.anchorDelay,
});
