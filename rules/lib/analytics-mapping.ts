import { deEach, viewTable } from '../../runtime/declare';
import type { DataElementName, DataElementRef } from '../../runtime/declare/types';
import { wireName } from '../../runtime/analytics/names';

// The page context's analytics variables (spec §9), in one place. Spec §9 names eVar22, 117, 49,
// 7, 115, 34 and 32 but not what each carries; the choice of every variable is written in WHY
// and shown by the viewer. Rules take `pageContextVars` (AppMeasurement names -> data-element
// references); the wire column is what the beacon carries (derived from the variable, so bundles,
// which read only the variable and the element, do not carry it).

/** By AppMeasurement name (pageName, channel, campaign, eVarN, propN): the element it carries. */
const MAPPING = {
  pageName: 'pageName',
  channel: 'channel',
  campaign: 'campaignId',
  eVar22: 'pageName',
  eVar117: 'audienceExperience',
  eVar49: 'loginStatus',
  eVar7: 'siteName',
  eVar115: 'partyId',
  eVar34: 'firmId',
  eVar32: 'firmName',
  eVar1: 'reportSuite',
  eVar2: 'userRole',
  eVar3: 'userAdvisorId',
  eVar4: 'userDealerCode',
  eVar5: 'overseasAudience',
  eVar6: 'siteRegion',
  eVar8: 'siteLocale',
  eVar9: 'webPageType',
  eVar10: 'userPersonaSegment',
  prop1: 'siteSection1',
  prop2: 'siteSection2',
  prop3: 'siteSection3',
  prop4: 'siteSection4',
  prop5: 'navigationPath',
} as const satisfies Readonly<Record<string, DataElementName>>;

/**
 * Why each variable carries its element, for the viewer's `why` column. Kept beside MAPPING rather
 * than in its rows: only the table reads it, so bundles drop it whole (and MAPPING stays a plain
 * variable -> element record, which is all they need).
 */
const WHY: Readonly<Record<keyof typeof MAPPING, string>> = {
  pageName: 'Page name: path rules of spec §2, else page.pageName',
  channel: 'Channel by site (docs/site-config.md table, first match wins)',
  campaign: 'The cid query parameter (kept for the session)',
  eVar22: 'Page name as an eVar, so conversions can be credited to the page',
  eVar117: 'Audience experience (FIT, corporate, advisor, ria, individual, institutional, retirement-plan-insights, ubs)',
  eVar49: 'Login state by the audience derivation of spec §6: "logged in" / "logged out"',
  eVar7: 'Site name audience:country:language',
  eVar115: 'Party id (party cookie, stored id from the identity service, user.partyId)',
  eVar34: 'Firm id of the user-profile cookie (no-firm-id when absent)',
  eVar32: 'Firm name of the user-profile cookie (no-firm-name when absent)',
  eVar1: 'Reporting suite that received the hit (spots test traffic in production reports)',
  eVar2: 'User role: role cookie, else user.userRole',
  eVar3: 'Advisor id of the data layer user',
  eVar4: 'Dealer code of the data layer user',
  eVar5: 'Overseas/EAD URL flag (true/false)',
  eVar6: 'Region of the site country: europe, asia, australia, canada, us, other',
  eVar8: 'Site language; Canada en/fr as en-ca/fr-ca',
  eVar9: 'page.webPageType',
  eVar10: 'user.personaSegment',
  prop1: 'page.siteSection1',
  prop2: 'page.siteSection2',
  prop3: 'page.siteSection3',
  prop4: 'page.siteSection4',
  prop5: 'page.navigationPath',
};

/** AppMeasurement variable name (eVar22, channel...) -> data-element reference, for pageView() and link hits. */
export const pageContextVars: Record<string, DataElementRef> = deEach(MAPPING);

export const pageContextMapping = viewTable({
  name: 'Analytics mapping: page context',
  description: 'Which analytics variable each page-context data element feeds (spec §9); sent with every page view',
  columns: ['variable', 'wire', 'element', 'why'],
  rows: Object.entries(MAPPING).map(([variable, element]) => ({ variable, wire: wireName(variable) ?? variable, element, why: WHY[variable as keyof typeof MAPPING] })),
});
