// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { site } from '../../../rules/site.config';
import { allValues, openPage } from './context';

// Hostile cookies and query strings change only what they name: every other data element keeps
// its value, nothing throws, and no prototype is polluted.

const C = site.cookies;
const BIG = 'x'.repeat(10 * 1024);
const BASE_COOKIE = `${C.userId}=u1; ${C.userProfile}=isGenericUser%3Dfalse%7CfirmId%3DF1%7Cfirm%3DAcme; ${C.visionSession[0]}=vs; ${C.dealerInfo}=D%26B%26R`;
const BASE_QUERY = 'cid=camp1&uid=user1';
const URL = 'https://www.firm.example/advisor/home.html';
const STATE = { page: { pageName: 'advisor > home', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' }, user: { advisorId: 'A1' } };

function baseline(): Record<string, unknown> {
  return allValues(openPage({ url: `${URL}?${BASE_QUERY}`, cookie: BASE_COOKIE, state: STATE }));
}

const HOSTILE_COOKIES: [string, string][] = [
  ['a bad % escape', 'bad=%E0%A4%A'],
  ['a pair without =', 'justaname'],
  ['an empty name', '=value'],
  ['a duplicate of a known cookie', `${C.userId}=intruder`],
  ['a __proto__ cookie', '__proto__=polluted'],
  ['a constructor cookie', 'constructor=x'],
  ['a </script> value', `other=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E`],
  ['a 10 KB value', `big=${BIG}`],
  ['a 10 KB name', `${BIG}=1`],
  ['quotes and semicolons', 'q="unterminated; r=;;; s'],
];

describe('hostile cookies change nothing else', () => {
  it.each(HOSTILE_COOKIES)('%s', (_what, hostile) => {
    const before = baseline();
    const after = allValues(openPage({ url: `${URL}?${BASE_QUERY}`, cookie: `${BASE_COOKIE}; ${hostile}`, state: STATE }));
    expect(after).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a malformed cookie before the good ones does not hide them', () => {
    const after = allValues(openPage({ url: `${URL}?${BASE_QUERY}`, cookie: `bad=%E0%A4%A; nothing; ${BASE_COOKIE}`, state: STATE }));
    expect(after).toEqual(baseline());
  });

  it('a malformed value in a named cookie reads as absent, alone', () => {
    const p = openPage({ url: URL, cookie: `${C.role}=%E0%A4%A; ${C.userId}=u1` });
    expect([p.scope.get('roleCookie'), p.scope.get('userIdCookie')]).toEqual([undefined, 'u1']);
  });
});

const HOSTILE_QUERIES: [string, string][] = [
  ['a bad % escape', 'bad=%E0%A4%A'],
  ['a __proto__ key', '__proto__=polluted&__proto__[x]=1'],
  ['a constructor key', 'constructor[prototype][polluted]=1'],
  ['a </script> value', 'q=%3C%2Fscript%3E'],
  ['a 10 KB value', `big=${BIG}`],
  ['a bare key', 'flag'],
  ['a fragment-looking value', 'a=%23b'],
];

describe('hostile query strings change nothing else', () => {
  it.each(HOSTILE_QUERIES)('%s', (_what, hostile) => {
    const before = baseline();
    const after = allValues(openPage({ url: `${URL}?${BASE_QUERY}&${hostile}`, cookie: BASE_COOKIE, state: STATE }));
    expect(after).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a hostile value of a read parameter is kept as plain text', () => {
    const p = openPage({ url: `${URL}?cid=${encodeURIComponent('</script><img src=x>')}` });
    expect(p.scope.get('campaignId')).toBe('</script><img src=x>');
    const big = openPage({ url: `${URL}?cid=${BIG}` });
    expect(big.scope.get('campaignId')).toBe(BIG);
  });

  it('a bad escape in a read parameter leaves the others', () => {
    const p = openPage({ url: `${URL}?cid=%E0%A4%A&uid=u1` });
    expect(p.scope.get('queryUid')).toBe('u1');
    expect(typeof p.scope.get('campaignId')).toBe('string');
  });
});
