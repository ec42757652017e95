// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { site } from '../../../rules/site.config';
import { openPage } from './context';

// The page-context data elements keep what they read of the page's address while its href stays
// the same (runtime/data-elements/page-info.ts byAddress): a new address, by a history push or
// another page in the same window, is read again.

const values = (url: string) => {
  const p = openPage({ url, state: { page: { pageName: 'dl > Name' } } });
  return { pageName: p.scope.get('pageName'), channel: p.scope.get('channel'), overseas: p.scope.get('overseasAudience'), suite: p.scope.get('reportSuite') };
};

describe('page-context values of the address', () => {
  it('follow a history push within the page', () => {
    expect(values('https://www.firm.example/advisor/manage?page=2').pageName).toBe('advisor > manage > Manage > page 2');
    history.pushState({}, '', '/advisor/manage?page=3');
    const p = openPage({ url: location.href });
    expect(p.scope.get('pageName')).toBe('advisor > manage > Manage > page 3');
    history.pushState({}, '', '/europe/not-listed/en/home.html');
    const q = openPage({ url: location.href });
    expect({ pageName: q.scope.get('pageName'), channel: q.scope.get('channel'), overseas: q.scope.get('overseasAudience') }).toEqual({ pageName: 'not-listed > en > home > Home', channel: 'EACG Sites', overseas: true });
  });

  it('follow a new host and path, and stay the same for the same address', () => {
    const prod = values('https://www.firm.example/us/funds.html');
    expect(prod).toEqual({ pageName: 'dl > Name', channel: 'US sites', overseas: false, suite: site.reportSuites.production });
    expect(values('https://www.firm.example/us/funds.html')).toEqual(prod);
    expect(values('https://dev.firm.example/us/funds.html').suite).toBe(site.reportSuites.development);
    expect(values('https://www.firm.example/us/funds.html')).toEqual(prod);
  });

  it('read the query parameters of the address they are read at', () => {
    expect(openPage({ url: 'https://www.firm.example/us/funds.html?cid=spring&gclid=g1' }).scope.get('queryGclid')).toBe('g1');
    history.pushState({}, '', '/us/funds.html?GCLID=g2');
    expect(openPage({ url: location.href }).scope.get('queryGclid')).toBe('g2');
    history.replaceState({}, '', '/us/funds.html');
    expect(openPage({ url: location.href }).scope.get('queryGclid')).toBeUndefined();
  });
});
