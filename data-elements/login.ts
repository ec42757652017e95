import { computed, derived } from '../runtime/declare';
import { nonEmptyText as str } from '../runtime/core/merge';
import { site } from '../rules/site.config';

// Roles, audience experience and login state (spec §4, §6).

/** The first of the values that is non-empty text. */
const firstText = (values: unknown[]): string | undefined => values.map(str).find(Boolean);

export const userRole = derived<string>(['roleCookie', 'dataLayerUserRole'], firstText, {
  description: 'The user role: the role cookie, else user.userRole',
});

/** The audience experiences: the keys of LOGIN_BY_AUDIENCE (each names its login derivation). */
export type AudienceExperience = keyof typeof LOGIN_BY_AUDIENCE;

/** Experiences implied by a path starting with /{experience} when the data layer names none (most specific first). */
const BY_PATH: readonly AudienceExperience[] = ['advisor', 'ria', 'individual', 'institutional'];

export function audienceExperienceOf(host: string, path: string, siteAudience: unknown): AudienceExperience | undefined {
  if (host === site.hosts.planInsights) return 'retirement-plan-insights';
  const named = typeof siteAudience === 'string' ? siteAudience.trim().toLowerCase() : '';
  const known = (Object.keys(LOGIN_BY_AUDIENCE) as AudienceExperience[]).find((a) => a.toLowerCase() === named);
  if (known) return known;
  return BY_PATH.find((a) => path.startsWith(`/${a}`));
}

export const audienceExperience = computed<AudienceExperience>(
  (ctx) => audienceExperienceOf(ctx.win.location.hostname, ctx.win.location.pathname, ctx.get('siteAudience')),
  {
    reads: ['siteAudience'],
    description:
      'FIT, corporate, advisor, ria, individual, institutional, retirement-plan-insights or ubs: the RPI host, else page.siteAudience (any case), else the /advisor, /ria, /individual, /institutional area',
  },
);

export const loginMethod = derived<string>(['loginMethodCookie', 'userStatusLoginMethod', 'userLoginMethod'], firstText, {
  description: 'The login method: the login-method cookie, else userStatus.loginMethod, else user.loginMethod',
});

/** A known person: a userID cookie or a data-layer advisor/investor id, and not a generic (shared) user. */
export const isIdentified = derived<boolean>(['userIdCookie', 'userAdvisorId', 'userInvestorId', 'isGenericUser'], ([id, advisor, investor, generic]) => !!firstText([id, advisor, investor]) && generic !== true, {
  description: 'true for an identified non-generic user: a userID cookie (or user.advisorId / user.investorId) and isGenericUser not true',
});

export const advisorLoggedIn = computed<boolean>(
  (ctx) => {
    if (ctx.get('visionSessionCookie')) return true;
    if (ctx.get('isIdentified') === true) return true;
    return ctx.win.location.pathname === site.paths.targetDateCompare && str(ctx.get('roleCookie'))?.toLowerCase() === site.guestRole;
  },
  {
    reads: ['visionSessionCookie', 'isIdentified', 'roleCookie'],
    description: `advisor login: a vision session cookie, an identified non-generic user, or guest access (role cookie "${site.guestRole}") on the target-date compare page`,
  },
);

export const individualLoggedIn = derived<boolean>(
  ['audienceExperience', 'participantCookie', 'investorSessionCookie', 'individualLoginCookie'],
  ([audience, participant, session, login]) => audience === 'individual' && !!(participant || session) && !!login,
  { description: 'individual login: individual experience, a participant or session cookie, and the individual login cookie' },
);

export const institutionalLoggedIn = derived<boolean>(['institutionalCookie'], ([c]) => !!c, { description: 'institutional login: the institutional cookie is set' });
export const rpiLoggedIn = derived<boolean>(['rpiIdentityToken'], ([t]) => !!t, { description: 'retirement-plan-insights login: the identity token is in local storage' });
export const ubsLoggedIn = derived<boolean>(['partyCookie'], ([c]) => !!c, { description: 'ubs login: the party cookie is set' });

/** Which derivation applies to each experience; FIT and corporate are advisor-side and use the advisor one. */
export const LOGIN_BY_AUDIENCE = {
  advisor: 'advisorLoggedIn',
  ria: 'advisorLoggedIn',
  FIT: 'advisorLoggedIn',
  corporate: 'advisorLoggedIn',
  individual: 'individualLoggedIn',
  institutional: 'institutionalLoggedIn',
  'retirement-plan-insights': 'rpiLoggedIn',
  ubs: 'ubsLoggedIn',
} as const;

export const loggedIn = computed<boolean>(
  (ctx) => {
    const audience = ctx.get('audienceExperience') as AudienceExperience | undefined;
    return audience ? ctx.get(LOGIN_BY_AUDIENCE[audience]) === true : false;
  },
  {
    reads: ['audienceExperience', 'advisorLoggedIn', 'individualLoggedIn', 'institutionalLoggedIn', 'rpiLoggedIn', 'ubsLoggedIn'],
    description: 'Logged in by the derivation of the audience experience (spec §6; ria, FIT and corporate use the advisor one); false without an experience',
  },
);

export const loginStatus = derived<string>(['loggedIn'], ([l]) => (l === true ? 'logged in' : 'logged out'), {
  description: '"logged in" or "logged out" (analytics)',
});

/** The party id: the party cookie, else the stored one from the identity service, else user.partyId. */
export const partyId = derived<string>(['partyCookie', 'storedPartyId', 'userPartyId'], firstText, {
  description: 'The party id: party cookie, else localStorage partyId (spec §7 call), else user.partyId',
});

export const institutionalId = derived<string>(['institutionalCookie', 'storedInstitutionalId', 'userInstitutionalID'], firstText, {
  description: 'The institutional id: institutional cookie, else localStorage institutionalId, else user.institutionalID',
});

export const notPisces = computed<boolean>(
  (ctx) => {
    let hero = false;
    try {
      hero = !!ctx.win.document.querySelector(site.selectors.dynamicHero);
    } catch {
      hero = false;
    }
    return hero && !!ctx.get('segmentCookie');
  },
  { reads: ['segmentCookie'], description: `true only when a dynamic hero component (${site.selectors.dynamicHero}) exists and the segment cookie is set` },
);

/** Spec §3: the campaign id is the marketing-cloud customer id; user.pcsSfmcId stands in when the visit has none. */
export const marketingCloudCustomerId = derived<string>(['campaignId', 'userPcsSfmcId'], firstText, {
  description: 'The marketing-cloud customer id: the cid campaign id (session), else user.pcsSfmcId',
});
