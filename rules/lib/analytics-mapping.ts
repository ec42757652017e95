import { de, viewTable } from '../../runtime/declare';
import type { DataElementName, DataElementRef } from '../../runtime/declare/types';
import { wireName } from '../../runtime/analytics/names';

// The page context's analytics variables (spec §9), in one place. Spec §9 names eVar22, 117, 49,
// 7, 115, 34 and 32 but not what each carries; the choice of every variable is written in its row
// and shown by the viewer. Rules take `pageContextVars` (AppMeasurement names -> data-element
// references); the wire column is what the beacon carries (derived from the variable, so bundles,
// which read only the variable and the element, do not carry it).

/** By AppMeasurement name (pageName, channel, campaign, eVarN, propN): the element it carries. */
interface Mapping {
  element: DataElementName;
  /** Why this variable carries this element, for the viewer's `why` column (viewer-only: prod bundles drop it). */
  description: string;
}

const MAPPING: Readonly<Record<string, Mapping>> = {
  pageName: { element: 'pageName', description: 'Page name: path rules of spec §2, else page.pageName' },
  channel: { element: 'channel', description: 'Channel by site (docs/site-config.md table, first match wins)' },
  campaign: { element: 'campaignId', description: 'The cid query parameter (kept for the session)' },
  eVar22: { element: 'pageName', description: 'Page name as an eVar, so conversions can be credited to the page' },
  eVar117: { element: 'audienceExperience', description: 'Audience experience (FIT, corporate, advisor, ria, individual, institutional, retirement-plan-insights, ubs)' },
  eVar49: { element: 'loginStatus', description: 'Login state by the audience derivation of spec §6: "logged in" / "logged out"' },
  eVar7: { element: 'siteName', description: 'Site name audience:country:language' },
  eVar115: { element: 'partyId', description: 'Party id (party cookie, stored id from the identity service, user.partyId)' },
  eVar34: { element: 'firmId', description: 'Firm id of the user-profile cookie (no-firm-id when absent)' },
  eVar32: { element: 'firmName', description: 'Firm name of the user-profile cookie (no-firm-name when absent)' },
  eVar1: { element: 'reportSuite', description: 'Reporting suite that received the hit (spots test traffic in production reports)' },
  eVar2: { element: 'userRole', description: 'User role: role cookie, else user.userRole' },
  eVar3: { element: 'userAdvisorId', description: 'Advisor id of the data layer user' },
  eVar4: { element: 'userDealerCode', description: 'Dealer code of the data layer user' },
  eVar5: { element: 'overseasAudience', description: 'Overseas/EAD URL flag (true/false)' },
  eVar6: { element: 'siteRegion', description: 'Region of the site country: europe, asia, australia, canada, us, other' },
  eVar8: { element: 'siteLocale', description: 'Site language; Canada en/fr as en-ca/fr-ca' },
  eVar9: { element: 'webPageType', description: 'page.webPageType' },
  eVar10: { element: 'userPersonaSegment', description: 'user.personaSegment' },
  prop1: { element: 'siteSection1', description: 'page.siteSection1' },
  prop2: { element: 'siteSection2', description: 'page.siteSection2' },
  prop3: { element: 'siteSection3', description: 'page.siteSection3' },
  prop4: { element: 'siteSection4', description: 'page.siteSection4' },
  prop5: { element: 'navigationPath', description: 'page.navigationPath' },
};

/** AppMeasurement variable name (eVar22, channel...) -> data-element reference, for pageView() and link hits. */
export const pageContextVars: Record<string, DataElementRef> = Object.fromEntries(Object.entries(MAPPING).map(([variable, m]) => [variable, de(m.element)]));

export const pageContextMapping = viewTable({
  name: 'Analytics mapping: page context',
  description: 'Which analytics variable each page-context data element feeds (spec §9); sent with every page view',
  columns: ['variable', 'wire', 'element', 'why'],
  rows: Object.entries(MAPPING).map(([variable, m]) => ({ variable, wire: wireName(variable) ?? variable, element: m.element, why: m.description })),
});
