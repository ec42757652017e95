import { computed, cookie, derived } from '../runtime/declare';
import { parsePairs, readCookies } from '../runtime/core/cookies';
import { site } from '../rules/site.config';

// Cookies of spec §3, names from site.config (docs/site-config.md leaves them unnamed). Reading goes
// through runtime/core/cookies.ts, which skips a malformed cookie (bad % escape, no =, duplicate
// or unsafe name) on its own; the profile cookie's pairs are read by its parsePairs too, the
// dealer-info cookie's parts here.

const c = site.cookies;

/** `a=1|b=2` into a prototype-free record; a pair without `=` or with an unsafe key is skipped, the first of a duplicate wins. */
export function parsePipePairs(raw: string | undefined): Record<string, string> {
  return parsePairs(raw ?? '', '|', (value) => value);
}

/** Part `index` of `dealer&branch&rep` (positional, trimmed); an empty part is absent. */
export function dealerInfoPart(raw: string | undefined, index: 0 | 1 | 2): string | undefined {
  return raw?.split('&')[index]?.trim() || undefined;
}

const profileField = (key: string) => ({ win }: { win: Window }) => parsePipePairs(readCookies(win.document)[c.userProfile])[key] || undefined;
const dealerField = (index: 0 | 1 | 2) => ({ win }: { win: Window }) => dealerInfoPart(readCookies(win.document)[c.dealerInfo], index);

export const userProfileCookie = cookie<string>(c.userProfile, { description: `cookie ${c.userProfile}: pipe-separated key=value pairs (isGenericUser, firmId, firm)` });
export const isGenericUser = computed<boolean>((ctx) => {
  const v = profileField('isGenericUser')(ctx);
  return v === undefined ? undefined : /^(true|1|y)$/i.test(v);
}, { description: `isGenericUser of cookie ${c.userProfile}: true for "true", "1" or "y"; undefined when absent` });
export const firmId = computed<string>(profileField('firmId'), { description: `firmId of cookie ${c.userProfile}`, default: 'no-firm-id' });
export const firmName = computed<string>(profileField('firm'), { description: `firm of cookie ${c.userProfile}`, default: 'no-firm-name' });

export const dealerInfoCookie = cookie<string>(c.dealerInfo, { description: `cookie ${c.dealerInfo}: dealer&branch&rep (ampersand-separated, positional)` });
export const dealerId = computed<string>(dealerField(0), { description: `dealer (first value) of cookie ${c.dealerInfo}` });
export const dealerBranch = computed<string>(dealerField(1), { description: `branch (second value) of cookie ${c.dealerInfo}` });
export const dealerRep = computed<string>(dealerField(2), { description: `rep (third value) of cookie ${c.dealerInfo}` });

export const userIdCookie = cookie<string>(c.userId, { description: `cookie ${c.userId}: the signed-in user's id` });
export const roleCookie = cookie<string>(c.role, { description: `cookie ${c.role}: the user role (userRole prefers it)` });
export const segmentCookie = cookie<string>(c.segment, { description: `cookie ${c.segment}: the persona segment (not-pisces flag)` });
export const uatCookie = cookie<string>(c.uat, { description: `cookie ${c.uat}: set on user-acceptance-test sessions` });
export const loginMethodCookie = cookie<string>(c.loginMethod, { description: `cookie ${c.loginMethod}: set by the login form, removed after Login Complete is stored` });
export const pageLoadFlagCookie = cookie<string>(site.consent.pageLoadCookie.name, { description: `cookie ${site.consent.pageLoadCookie.name}: the 1-minute page-load flag of the consent notice` });
export const consentCookie = cookie<string>(c.consent, { description: `cookie ${c.consent}: the consent notice preferences` });
export const consentSuppressionCookie = cookie<string>(site.consent.suppressionCookie.name, { description: `cookie ${site.consent.suppressionCookie.name}: set on decline, holds the date` });
export const visionSessionCookie = computed<string>(({ win }) => {
  const jar = readCookies(win.document);
  for (const name of c.visionSession) if (jar[name]) return jar[name];
  return undefined;
}, { description: `the first present of cookies ${c.visionSession.join(', ')} (advisor vision session)` });
export const participantCookie = cookie<string>(c.participant, { description: `cookie ${c.participant}: plan participant (individual login)` });
export const investorSessionCookie = cookie<string>(c.session, { description: `cookie ${c.session}: investor session (individual login)` });
export const individualLoginCookie = cookie<string>(c.individualLogin, { description: `cookie ${c.individualLogin}: the individual login cookie` });
export const institutionalCookie = cookie<string>(c.institutional, { description: `cookie ${c.institutional}: institutional user (institutional login)` });
export const partyCookie = cookie<string>(c.party, { description: `cookie ${c.party}: the party id (ubs login; no party-id call when set)` });

export const dealerInfo = derived<string>(['dealerId', 'dealerBranch', 'dealerRep'], (parts) => (parts.some(Boolean) ? parts.join('|') : undefined), {
  description: 'dealer|branch|rep from the dealer-info cookie (personalization parameter)',
});
