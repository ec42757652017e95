import { event } from '../../../compiler/scenarios';
import type { DataLayerEntry } from '../../../compiler/scenarios';
import type { EventRegistry } from '../../../runtime/declare/types';
import { site } from '../../../rules/site.config';

// Shared parts of the scenarios: page URLs on the hosts of site.config, the page context every
// page pushes (Page Load Started with the fields its schema requires, then Page Load Completed),
// and the cookies of each audience's login (spec §6).

type Page = EventRegistry['Page Load Started']['page'];
type User = EventRegistry['Page Load Started']['user'];

export const at = (host: string, path = '/') => `https://${host}${path}`;
export const entry = (path = '/') => at(site.hosts.entry, path);

/** Page Load Started with every required field (empty where the page has nothing), then Page Load Completed. */
export function pageLoad(page: Partial<Page> & Pick<Page, 'pageName'>, user: Partial<User> = {}): DataLayerEntry[] {
  const fullPage: Page = {
    baseURL: 'https://www.firm.example/',
    channel: '',
    siteCountry: 'us',
    webPageType: 'content',
    siteAudience: '',
    siteLanguage: 'en',
    siteSection1: '',
    siteSection2: '',
    siteSection3: '',
    siteSection4: '',
    navigationPath: '',
    ...page,
  };
  const fullUser: User = {
    planId: '',
    partyId: '',
    userRole: '',
    visionId: '',
    advisorId: '',
    pcsSfmcId: '',
    dealerCode: '',
    investorId: '',
    tracSponsorId: '',
    personaSegment: '',
    institutionalID: '',
    investorPartyId: '',
    planParticipantId: '',
    institutionalPartyId: '',
    ...user,
  };
  return [event('Page Load Started', { page: fullPage, user: fullUser }), event('Page Load Completed', {})];
}

const c = site.cookies;

/** Cookies of a signed-in advisor (vision session, an identified non-generic user of a firm). */
export const advisorCookies = { [c.visionSession[0]!]: 'vs-1001', [c.userId]: 'ADV-1001', [c.userProfile]: 'isGenericUser=false|firmId=F-204|firm=Harbor Wealth', [c.dealerInfo]: 'D12&B7&R3' };
/** An individual investor: a participant cookie and the individual login cookie. */
export const individualCookies = { [c.participant]: 'PT-55', [c.individualLogin]: 'yes' };
export const institutionalCookies = { [c.institutional]: 'INST-9' };
export const ubsCookies = { [c.party]: 'PARTY-77' };
