import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Graph } from '../../compiler/graph-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulateOptions, SimWindow } from '../../compiler/simulate/types';
import { beacons, FIXTURES, importAndBuild, runTurbine, type ImportedContainer } from '../helpers/launch';

// The proof of `tagc import launch`: the fixture library (34 rules of every mapped Core type and
// the Analytics actions) runs through Adobe's Turbine engine, and its import through tagc's BUILT
// prod bundle, on the same simulated pages; their analytics beacons, decoded, are the same.

const LIBRARY = join(FIXTURES, 'bank', 'launch-ENbank.js');
const SERVER = 'smetrics.bank.example';

let imported: ImportedContainer;
beforeAll(async () => {
  imported = await importAndBuild('bank', LIBRARY);
}, 120_000);
afterAll(() => imported?.remove());

const PAGE = `<nav id="main-nav"><a href="/home">Home</a></nav>
<div class="hero" id="hero-1" data-campaign="spring"></div>
<a class="cta" href="/apply"> Open   an account </a>
<a class="download" href="/files/rates.pdf">Rates</a>`;

/** The page before the library loads: its markup, title and data layer (`digitalData`). */
const page = (title: string, digitalData?: Record<string, unknown>) => (win: SimWindow) => {
  win.document.title = title;
  win.document.body.innerHTML = PAGE;
  if (digitalData) Object.assign(win, { digitalData });
};
const click = (...selectors: string[]) => (win: SimWindow) => {
  for (const s of selectors) (win.document.querySelector(s) as HTMLElement).click();
};

type Scenario = Omit<SimulateOptions, 'env' | 'buildDir'>;

const SCENARIOS: Record<string, { options: Scenario; expect: (b: Record<string, string>[]) => void }> = {
  'home page: page bottom called, CTA clicked, timer': {
    options: {
      url: 'https://www.bank.example/',
      pageBottom: true,
      beforeLoad: page('Bank Example - Home', { page: { name: 'Home Page ', type: 'Home', section: ' Personal  Banking ' }, user: { loggedIn: false } }),
      afterLoad: click('.cta'),
    },
    expect: (b) => {
      const view = b.find((x) => !x.pe)!;
      expect(view).toMatchObject({ rsid: 'bankprod', pageName: 'Home Page', ch: 'personal banking', events: 'event1', v40: 'alpha', v12: 'home|personal banking', c1: 'D=v1', v13: 'HOME PAGE', v8: 'spring', c3: 'hero-1' });
      expect(b.find((x) => x.pev2 === 'CTA: Open an account')).toMatchObject({ pev1: 'https://www.bank.example/apply', v31: 'Open an account', c9: 'cta', events: 'event6' });
      expect(b.map((x) => x.pev2 ?? 'page view')).toEqual(['refresh', 'page view', 'page loaded', 'CTA: Open an account', 'engaged']);
    },
  },
  'product page: campaign, storage, cookie and direct calls': {
    options: {
      url: 'https://www.bank.example/products/savings?cid=email-123&utm_source=news',
      pageBottom: true,
      cookies: ['seg=premium'],
      local: ['visits=5'],
      beforeLoad: (win) => {
        page('Savings', { page: { name: 'Savings', type: 'Product', section: 'Products' }, product: { name: 'Savings Account', price: 150 }, user: { loggedIn: false } })(win);
        win.sessionStorage.setItem('journey', 'apply');
      },
      track: [
        { name: 'form submit', detail: { formName: 'apply', step: '2' } },
        { name: 'video start', detail: { autoplay: false } },
        { name: 'video start', detail: { autoplay: true } },
      ],
    },
    expect: (b) => {
      expect(b.find((x) => !x.pe)).toMatchObject({ events: 'prodView', products: ';Savings Account', v6: 'email-123', v20: 'email', v24: 'premium', v26: 'frequent', v28: 'high value', v39: 'affordable', v4: '5', v5: 'apply', v14: 'news' });
      expect(b.find((x) => x.pev2 === 'form submit')).toMatchObject({ v33: 'apply', v34: 'form:apply', events: 'event10' });
      expect(b.filter((x) => x.pev2 === 'video start')).toHaveLength(1);
    },
  },
  'search page: no page-bottom call, case-insensitive query, chained direct calls': {
    options: {
      url: 'https://www.bank.example/search?Q=Mortgage+rates#results',
      beforeLoad: page('Search', { page: { name: 'Search', type: 'Search', section: 'Search' } }),
      track: [{ name: 'apply start' }, { name: 'refresh' }],
    },
    expect: (b) => {
      expect(b.find((x) => !x.pe)).toMatchObject({ events: 'event2', v22: 'Mortgage rates', v41: 'mortgage' });
      expect(b.find((x) => !x.pe)!.v21).toBeUndefined();
      expect(b.find((x) => x.pev2 === 'form submit')).toMatchObject({ v33: 'apply', events: 'event10' });
      expect(b.filter((x) => x.pev2 === 'refresh').map((x) => x.v36)).toEqual(['core.library-loaded', 'core.direct-call']);
    },
  },
  'help subdomain: hash, logged-in gold user, referrer, download and nav clicks': {
    options: {
      url: 'https://help.bank.example/faq#contact',
      referrer: 'https://www.search.example/?q=bank',
      pageBottom: true,
      beforeLoad: page('bank help', { page: { name: 'FAQ', type: 'Help', section: 'Help' }, user: { loggedIn: true, tier: 'gold' } }),
      afterLoad: click('a.download', '#main-nav', '#main-nav a'),
    },
    expect: (b) => {
      expect(b.find((x) => !x.pe)).toMatchObject({ v23: 'help', v25: 'gold', v27: 'contact', v38: 'member', v37: 'titled', v3: 'logged in', c2: 'https://www.search.example/?q=bank' });
      expect(b.find((x) => x.pe === 'lnk_d')).toMatchObject({ pev1: 'https://help.bank.example/files/rates.pdf', pev2: 'FAQ', c10: 'download' });
      expect(b.filter((x) => x.pev2 === 'nav')).toHaveLength(1);
    },
  },
  'plain-http page without a data layer: defaults': {
    options: { url: 'http://bank.example/legacy', pageBottom: true },
    expect: (b) => {
      const view = b.find((x) => !x.pe)!;
      expect(view).toMatchObject({ ch: 'unknown section', v1: 'other', v5: 'none', v3: 'anonymous', v13: 'NONE' });
      expect(view.c5).toBeUndefined();
      expect(view.pageName).toBeUndefined();
    },
  },
};

describe('a Launch library and its import send the same beacons', () => {
  it.each(Object.keys(SCENARIOS))('%s', async (name) => {
    const { options, expect: check } = SCENARIOS[name];
    const launch = await runTurbine(LIBRARY, options);
    const tagc = await imported.run(options);
    const fromLaunch = beacons(launch, SERVER);
    const fromTagc = beacons(tagc, SERVER);
    expect(launch.console.filter((c) => c.level === 'error')).toEqual([]);
    expect(tagc.console.filter((c) => c.level === 'error')).toEqual([]);
    expect(fromLaunch.length).toBeGreaterThan(2);
    expect(fromTagc).toEqual(fromLaunch);
    check(fromTagc);
  });
});

describe('the import of the fixture library', () => {
  it('maps every rule and data element, leaving only the generated consent and the timer to review', () => {
    const s = imported.imported.summary;
    expect([s.launchRules, s.rules, s.dataElements]).toEqual([34, 35, 23]);
    expect(imported.imported.report.count('not mapped')).toBe(0);
    expect(imported.imported.report.entries.map((e) => e.subject)).toEqual(['rule "launch-consent"', 'rule "Timer - Engaged 1s" (RL28)']);
  });

  it('builds every mapped Core type into the prod bundle as its tagc kind', () => {
    const graph = JSON.parse(readFileSync(join(imported.root, 'build', 'prod', 'graph.json'), 'utf8')) as Graph;
    const text = JSON.stringify(graph);
    for (const kind of ['pageBottom', 'libraryLoaded', 'domReady', 'windowLoaded', 'directCall', 'elementClick', 'timeOnPage', 'path', 'host', 'compare', 'not', 'custom',
      'analyticsSet', 'analyticsPageView', 'analyticsLink', 'analyticsClear', 'triggerDirectCall', 'consentProvider', 'globalVariable', 'pageInfo', 'domAttribute', 'queryParam', 'cookie', 'localStorage', 'sessionStorage', 'constant']) {
      expect(text, kind).toContain(`"${kind}"`);
    }
  });

  it('splits the rule whose events have different orders, and notes the Launch order where it renumbers', () => {
    const load = readFileSync(join(imported.root, 'rules', 'launch', 'two-events-load-or-refresh.ts'), 'utf8');
    const call = readFileSync(join(imported.root, 'rules', 'launch', 'two-events-load-or-refresh-2.ts'), 'utf8');
    expect(load).toContain('events: [libraryLoaded()]');
    expect(load).toMatch(/order: \d+, \/\/ Launch order 60, place 29 in the library/);
    expect(call).toContain("events: [directCall('refresh')]");
    expect(call).toMatch(/order: \d+, \/\/ Launch order 50, place 29 in the library/);
  });
});
