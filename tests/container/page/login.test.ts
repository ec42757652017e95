// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { site } from '../../../rules/site.config';
import { openPage, type PageSetup } from './context';

// Login derivation per audience (spec §6), with cookie, storage and query fixtures.

const C = site.cookies;
const W = 'https://www.firm.example';
type Case = [what: string, setup: PageSetup, audience: string | undefined, loggedIn: boolean, identified: boolean];

const CASES: Case[] = [
  // advisor
  ['advisor with a vision session cookie', { url: `${W}/advisor/home.html`, cookie: `${C.visionSession[0]}=abc` }, 'advisor', true, false],
  ['advisor with the second vision session cookie', { url: `${W}/advisor/home.html`, cookie: `${C.visionSession[1]}=abc` }, 'advisor', true, false],
  ['advisor identified by the userID cookie', { url: `${W}/advisor/home.html`, cookie: `${C.userId}=u1` }, 'advisor', true, true],
  ['advisor identified by user.advisorId', { url: `${W}/advisor/home.html`, state: { user: { advisorId: 'A1' } } }, 'advisor', true, true],
  ['advisor who is a generic user', { url: `${W}/advisor/home.html`, cookie: `${C.userId}=u1; ${C.userProfile}=isGenericUser=true` }, 'advisor', false, false],
  ['advisor guest on the target-date compare page', { url: `${W}${site.paths.targetDateCompare}`, cookie: `${C.role}=${site.guestRole}` }, 'advisor', true, false],
  ['advisor guest elsewhere', { url: `${W}/advisor/tools/planning/target-date-proview.html`, cookie: `${C.role}=${site.guestRole}` }, 'advisor', false, false],
  ['advisor without cookies', { url: `${W}/advisor/home.html?uid=u1` }, 'advisor', false, false],
  ['ria uses the advisor derivation', { url: `${W}/ria/home.html`, cookie: `${C.visionSession[0]}=abc` }, 'ria', true, false],
  ['FIT (data layer) uses the advisor derivation', { url: `${W}/us/home.html`, cookie: `${C.userId}=u1`, state: { page: { siteAudience: 'fit' } } }, 'FIT', true, true],
  ['corporate (data layer) without login', { url: `${W}/us/home.html`, state: { page: { siteAudience: 'Corporate' } } }, 'corporate', false, false],
  // individual
  ['individual with participant and login cookies', { url: `${W}/individual/home.html`, cookie: `${C.participant}=p; ${C.individualLogin}=1` }, 'individual', true, false],
  ['individual with session and login cookies', { url: `${W}/individual/home.html`, cookie: `${C.session}=s; ${C.individualLogin}=1` }, 'individual', true, false],
  ['individual without the login cookie', { url: `${W}/individual/home.html`, cookie: `${C.participant}=p` }, 'individual', false, false],
  ['individual with only the login cookie', { url: `${W}/individual/home.html`, cookie: `${C.individualLogin}=1` }, 'individual', false, false],
  ['individual cookies outside the individual experience', { url: `${W}/us/home.html`, cookie: `${C.participant}=p; ${C.individualLogin}=1`, state: { page: { siteAudience: 'advisor' } } }, 'advisor', false, false],
  // institutional
  ['institutional with the institutional cookie', { url: `${W}/institutional/home.html`, cookie: `${C.institutional}=I1` }, 'institutional', true, false],
  ['institutional without it', { url: `${W}/institutional/home.html`, cookie: `${C.party}=P1` }, 'institutional', false, false],
  // retirement-plan-insights
  ['RPI with the identity token', { url: 'https://www.planinsights.example/home.html', local: { [site.storage.rpiIdentityToken]: 'tok' } }, 'retirement-plan-insights', true, false],
  ['RPI without the token', { url: 'https://www.planinsights.example/home.html', cookie: `${C.visionSession[0]}=abc` }, 'retirement-plan-insights', false, false],
  // ubs
  ['ubs with the party cookie', { url: `${W}/us/ubs.html`, cookie: `${C.party}=P1`, state: { page: { siteAudience: 'UBS' } } }, 'ubs', true, false],
  ['ubs without it', { url: `${W}/us/ubs.html`, local: { [site.storage.partyId]: 'P1' }, state: { page: { siteAudience: 'ubs' } } }, 'ubs', false, false],
  // no audience
  ['no audience experience', { url: `${W}/us/home.html`, cookie: `${C.visionSession[0]}=abc; ${C.party}=P1` }, undefined, false, false],
];

describe('login derivation (spec §6)', () => {
  it.each(CASES)('%s', (_what, setup, audience, loggedIn, identified) => {
    const p = openPage(setup);
    expect({ audience: p.scope.get('audienceExperience'), loggedIn: p.scope.get('loggedIn'), identified: p.scope.get('isIdentified') }).toEqual({ audience, loggedIn, identified });
    expect(p.scope.get('loginStatus')).toBe(loggedIn ? 'logged in' : 'logged out');
  });

  it('knows every audience experience of the spec', () => {
    for (const a of ['FIT', 'corporate', 'advisor', 'ria', 'individual', 'institutional', 'retirement-plan-insights', 'ubs']) {
      expect(openPage({ url: `${W}/x.html`, state: { page: { siteAudience: a.toUpperCase() } } }).scope.get('audienceExperience')).toBe(a);
    }
    expect(openPage({ url: `${W}/x.html`, state: { page: { siteAudience: 'martian' } } }).scope.get('audienceExperience')).toBeUndefined();
  });

  it('takes the login method from the cookie, then userStatus, then user', () => {
    expect(openPage({ url: `${W}/x.html`, cookie: `${C.loginMethod}=sso`, state: { userStatus: { loginMethod: 'password' } } }).scope.get('loginMethod')).toBe('sso');
    expect(openPage({ url: `${W}/x.html`, state: { userStatus: { loginMethod: 'password' }, user: { loginMethod: 'x' } } }).scope.get('loginMethod')).toBe('password');
    expect(openPage({ url: `${W}/x.html`, state: { user: { loginMethod: 'x' } } }).scope.get('loginMethod')).toBe('x');
  });
});
