import { describe, expect, it } from 'vitest';
import { simulate, type SimulateResult } from '../../../compiler/simulate';
import { site } from '../../../rules/site.config';
import { realBuild } from '../../helpers/real-build';

// Page views through the built bundles (tagc simulate): the entry host, an EACG page, a Canada
// page, a retirement-plan host and an internal host, with analytics consent given.

const out = realBuild();

const pageViews = (r: SimulateResult) => r.requests.filter((q) => q.url.includes('/b/ss/') && !q.params.pe);
const suiteOf = (url: string) => new URL(url).pathname.split('/')[3];

async function view(env: string, url: string, page: Record<string, unknown>, extra: { cookies?: string[]; user?: Record<string, unknown> } = {}) {
  const r = await simulate({
    env,
    url,
    consent: 'all',
    cookies: extra.cookies,
    push: [{ event: 'Page Load Started', page, ...(extra.user ? { user: extra.user } : {}) }, { event: 'Page Load Completed' }],
    buildDir: out,
  });
  const views = pageViews(r);
  expect(views).toHaveLength(1);
  return { r, beacon: views[0]!, params: views[0]!.params };
}

describe('page views through the built bundles', () => {
  it('entry host: home > Home, Entry Site, production suite, logged-in advisor context', async () => {
    const { r, beacon, params } = await view(
      'prod',
      'https://www.firm.example/',
      { pageName: 'ignored', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' },
      { cookies: ['visionSession=vs1', 'userID=U1', 'loginMethod=password', 'userProfile=isGenericUser=false|firmId=F77|firm=Acme'], user: { advisorId: 'A1' } },
    );
    expect(suiteOf(beacon.url)).toBe(site.reportSuites.production);
    expect(params).toMatchObject({ pageName: 'home > Home', ch: 'Entry Site', v22: 'home > Home', v117: 'advisor', v49: 'logged in', v7: 'advisor:us:en', v34: 'F77', v32: 'Acme', v5: 'false', v3: 'A1' });
    // Customer ids for the logged-in identified advisor; the party id call; Login Complete stored and pushed.
    expect(params).toMatchObject({ id: 'A1', as: '1' });
    expect(r.requests.some((q) => q.url === `https://www.firm.example${site.partyIdPath}` && q.method === 'GET')).toBe(true);
    expect(r.dataLayer.map((e) => (e as { event?: string }).event)).toContain('Login Complete');
    expect(r.cookies[site.cookies.loginMethod]).toBeUndefined();
    expect(r.requests.filter((q) => q.url.includes(site.hosts.abEdge))).toHaveLength(1);
  });

  it('sends no customer ids for a logged-out visitor or a generic (unidentified) user (spec §6)', async () => {
    const page = { pageName: 'ignored', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' };
    const anonymous = await view('prod', 'https://www.firm.example/', page);
    expect(anonymous.params.v49).toBe('logged out');
    expect(anonymous.params).not.toHaveProperty('as');
    expect(anonymous.beacon.url).not.toContain('cid.');
    const generic = await view('prod', 'https://www.firm.example/', page, {
      cookies: ['visionSession=vs1', 'userID=U1', 'userProfile=isGenericUser=true|firmId=F77|firm=Acme'],
    });
    expect(generic.params.v49).toBe('logged in');
    expect(generic.beacon.url).not.toContain('cid.');
  });

  it('EACG page: path page name, EACG Sites, overseas flag, no targeting call for the non-US audience', async () => {
    const { r, beacon, params } = await view('prod', 'https://www.firm.example/europe/not-listed/en/funds.html', { pageName: 'ignored', siteAudience: 'institutional', siteCountry: 'gb', siteLanguage: 'en' });
    expect(suiteOf(beacon.url)).toBe(site.reportSuites.production);
    expect(params).toMatchObject({ pageName: 'not-listed > en > funds > Funds', ch: 'EACG Sites', v5: 'true', v6: 'europe', v7: 'institutional:gb:en', v34: 'no-firm-id', v32: 'no-firm-name', v49: 'logged out' });
    expect(r.requests.filter((q) => q.url.includes(site.hosts.abEdge))).toHaveLength(0);
  });

  it('Canada page: data-layer page name, Canada Sites, fr-ca locale', async () => {
    const { beacon, params } = await view('prod', 'https://www.firm.example/ca/fr/accueil.html?cid=CAMP-9', { pageName: 'ca > fr > accueil', siteAudience: 'individual', siteCountry: 'ca', siteLanguage: 'fr' });
    expect(suiteOf(beacon.url)).toBe(site.reportSuites.production);
    expect(params).toMatchObject({ pageName: 'ca > fr > accueil', ch: 'Canada Sites', v0: 'CAMP-9', v6: 'canada', v8: 'fr-ca', v117: 'individual', v5: 'false' });
  });

  it('retirement-plan host: RP Sites', async () => {
    const { beacon, params } = await view('prod', 'https://myretirement.firm.example/account/overview.html', { pageName: 'rp > overview', siteCountry: 'us', siteLanguage: 'en' });
    expect(suiteOf(beacon.url)).toBe(site.reportSuites.production);
    expect(params).toMatchObject({ pageName: 'rp > overview', ch: 'RP Sites', v22: 'rp > overview' });
  });

  it('internal host: the internal suite from the internal bundle', async () => {
    const { beacon, params } = await view('internal', 'https://intranet.firm.example/advisor/tools.html', { pageName: 'ignored', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' });
    expect(suiteOf(beacon.url)).toBe(site.reportSuites.internal);
    expect(params).toMatchObject({ pageName: 'advisor > tools > Tools', ch: 'US sites', v1: site.reportSuites.internal });
  });
  it('explains each skipped rule: the missing consent category, or the page value a condition compared', async () => {
    const r = await simulate({ env: 'prod', url: 'https://www.firm.example/advisor/insights.html', consent: 'none', push: [{ event: 'Page Load Completed' }], buildDir: out });
    const consentSkips = r.skipped.filter((s) => s.condition === 'consent' || s.condition === 'consentGranted');
    expect(consentSkips.length).toBeGreaterThan(0);
    for (const s of consentSkips) expect(s.explain).toMatchObject({ subject: 'not granted', expected: expect.stringMatching(/^(analytics|advertising|performance)$/) });
    const pathSkip = r.skipped.find((s) => s.condition === 'path');
    expect(pathSkip?.explain?.subject).toBe('/advisor/insights.html');
    // Every existing field is kept.
    for (const s of r.skipped) expect(Object.keys(s)).toEqual(expect.arrayContaining(['rule', 'event', 'condition', 'index']));
  });
});

describe('the simulated page runs on virtual time', () => {
  // An entry copied while the OS pauses the process (a loaded machine) looks to the page like an
  // entry whose copy took long; here its getters hold the real clock instead, 2 ms per value.
  const slowEntry = (win: Window) => {
    const entry = new (win as unknown as { Object: ObjectConstructor }).Object() as Record<string, unknown>;
    entry.event = 'Page Load Completed';
    for (let i = 0; i < 100; i++) {
      Object.defineProperty(entry, `k${i}`, {
        enumerable: true,
        get() {
          const until = process.hrtime.bigint() + 2_000_000n;
          while (process.hrtime.bigint() < until);
          return i;
        },
      });
    }
    return entry;
  };

  it('sends the same page view whatever real time the page took: performance.now() is the virtual clock too', async () => {
    const base = { env: 'prod', url: 'https://www.firm.example/advisor/insights.html', consent: 'all', buildDir: out } as const;
    const quiet = await simulate({ ...base, push: [{ event: 'Page Load Completed' }] });
    let before = -1;
    let after = -1;
    const paused = await simulate({
      ...base,
      beforeLoad: (win) => void (before = win.performance.now()),
      afterLoad: (win) => {
        (win as unknown as { appEventData: unknown[] }).appEventData.push(slowEntry(win as unknown as Window));
        after = win.performance.now();
      },
    });
    expect(paused.console.filter((c) => c.text.includes('dropped'))).toEqual([]);
    expect(pageViews(paused)).toHaveLength(1);
    expect(pageViews(paused).map((q) => q.params.pageName)).toEqual(pageViews(quiet).map((q) => q.params.pageName));
    expect(after).toBe(before);
  });
});
