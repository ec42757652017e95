import { queryParam } from '../runtime/declare';

// Query parameters of spec §3. Spec §9: query-parameter elements keep their value for the session
// or the visitor. The choice: ids that name a person (uid, sfid, aeid) are kept for the visitor,
// so a later visit is still attributed to them; campaign and click ids describe one visit and
// are kept for the session. Names are matched case-insensitively (mail tools rewrite case).

export const queryUid = queryParam('uid', { caseInsensitive: true, storage: 'visitor', description: 'uid: the user id from mailings; visitor storage (it names a person)' });
export const querySfid = queryParam('sfid', { caseInsensitive: true, storage: 'visitor', description: 'sfid: the CRM contact id; visitor storage (it names a person)' });
export const queryAeid = queryParam('aeid', { caseInsensitive: true, storage: 'visitor', description: 'aeid: the hashed e-mail id; visitor storage (it names a person)' });
export const querySprinklrId = queryParam('sprinklrid', { caseInsensitive: true, storage: 'session', description: 'sprinklrid: social campaign id; session storage' });
export const queryGclid = queryParam('gclid', { caseInsensitive: true, storage: 'session', description: 'gclid: paid-search click id; session storage' });
export const queryGclsrc = queryParam('gclsrc', { caseInsensitive: true, storage: 'session', description: 'gclsrc: paid-search click source; session storage' });
export const queryAdId = queryParam('ad_id', { caseInsensitive: true, storage: 'session', description: 'ad_id: advertisement id; session storage' });
export const queryExtId = queryParam('ext_id', { caseInsensitive: true, storage: 'session', description: 'ext_id: external campaign id; session storage' });
export const queryAlias = queryParam('alias', { caseInsensitive: true, storage: 'session', description: 'alias: vanity-URL alias the visit came through; session storage' });
export const queryModule = queryParam('module', { caseInsensitive: true, storage: 'session', description: 'module: the content module that linked here; session storage' });
export const queryPathways = queryParam('pathways', { caseInsensitive: true, storage: 'session', description: 'pathways: the pathway that linked here; session storage' });
/** Spec §3: the campaign id is also the marketing-cloud customer id (see rules/page/customer-ids.ts). */
export const campaignId = queryParam('cid', {
  caseInsensitive: true,
  storage: 'session',
  description: 'cid: the campaign id (analytics campaign v0, and the customer id "campaignId" of the marketing-cloud integration); session storage',
});
