import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler';
import { simulate, type SimulatedRequest } from '../../../compiler/simulate';
import { site } from '../../../rules/site.config';
import { REPO, removeContainer } from '../../helpers/container';

// The consent matrix on the BUILT bundles: every combination of the three categories, plus unset,
// declined and skipped, on pages of sites.md, with every catalogue event pushed: zero requests of a
// category without its consent, and the expected ones with it.

type Cat = 'analytics' | 'advertising' | 'performance';
const CATS: Cat[] = ['analytics', 'advertising', 'performance'];
const ENVS = ['test', 'dev', 'stg', 'prod', 'internal'] as const;
const PAGES = [
  'https://www.firm.example/',
  'https://www.firm.example/advisor/',
  'https://www.firm.example/individual/investments/fund.html',
  'https://www.firm.example/institutional/insights.html',
  'https://www.firm.example/ca/en/home.html',
  'https://www.firm.example/europe/en/capitalideas/article.html',
  'https://www.firm.example/offshore/home.html',
  'https://www.icanretire.example/',
  'https://www.planinsights.example/insights/',
  'https://www.firm.example/ria/home.html',
  'https://www.firm.example/advisor/client-accounts/home.html',
];
/** Every catalogue event, as the build declares it (graph.json schemas). */
let EVENTS: string[] = [];

function categoryOf(r: SimulatedRequest): Cat | 'necessary' {
  const u = new URL(r.url);
  if ([site.pixels.activityHost, new URL(site.pixels.linkedIn.url).hostname, new URL(site.pixels.meta.url).hostname, new URL(site.scripts.tags).hostname].includes(u.hostname)) return 'advertising';
  if (u.hostname === site.hosts.trackingServer || r.url.startsWith(site.scripts.validation)) return 'analytics';
  if (u.hostname === new URL(site.scripts.monitoring).hostname || u.hostname === site.hosts.abEdge) return 'performance';
  return 'necessary';
}

/** What the stored choice grants through the provider's levels (TrustArc: a level holding several categories needs them all). */
function effective(list: Cat[]): Set<Cat> {
  const levels = site.consent.levels as Record<Cat, number>;
  return new Set(CATS.filter((c) => CATS.filter((o) => levels[o] === levels[c]).every((o) => list.includes(o))));
}

interface State {
  name: string;
  consent?: string;
  consentEvent?: string;
  query?: string;
  grants: Set<Cat>;
}
const STATES: State[] = [
  { name: 'unset', grants: new Set(CATS) },
  ...Array.from({ length: 8 }, (_, mask) => {
    const list = CATS.filter((_, i) => mask & (1 << i));
    return { name: `stored [${list.join(',') || 'none'}]`, consent: list.length ? list.join(',') : 'none', grants: effective(list) };
  }),
  { name: 'declined (stored decline, then the provider repeats it after load)', consent: 'none', consentEvent: 'declined', grants: new Set<Cat>() },
  { name: 'skipped (flag) over a stored decline', consent: 'none', query: 'skipconsent=1', grants: new Set(CATS) },
];

let out: string;
beforeAll(async () => {
  out = join(REPO, '.tagc-tmp', `consent-matrix-${process.pid}`);
  const result = await compile({ root: REPO, outDir: out, buildTime: '2026-01-01T00:00:00.000Z' });
  EVENTS = [...result.graph.schemas.keys()];
  expect(EVENTS.length).toBeGreaterThan(40);
}, 300_000);
afterAll(() => removeContainer(out));

describe.each(ENVS)('the %s bundle', (env) => {
  it.each(STATES)('sends nothing of a category without its consent, and the expected requests with it: $name', async (state) => {
    for (const page of PAGES) {
      const url = state.query ? `${page}${page.includes('?') ? '&' : '?'}${state.query}` : page;
      const r = await simulate({
        env,
        url,
        buildDir: out,
        consent: state.consent,
        consentEvent: state.consentEvent,
        after: [...EVENTS.map((event) => ({ event })), { event: 'Page Load Completed' }],
        wait: 100,
      });
      const sent = new Map<Cat | 'necessary', SimulatedRequest[]>();
      for (const req of r.requests) sent.set(categoryOf(req), [...(sent.get(categoryOf(req)) ?? []), req]);
      // Spec §6: analytics runs on the advisor client-accounts home page whatever the consent.
      const grants = new Set(state.grants);
      if (new URL(page).pathname === site.paths.clientAccountsHome) grants.add('analytics');
      for (const cat of CATS) {
        if (!grants.has(cat)) expect(sent.get(cat)?.map((q) => q.url) ?? [], `${env} ${state.name} ${url}: ${cat}`).toEqual([]);
      }
      if (state.grants.has('advertising')) {
        const activity = (sent.get('advertising') ?? []).filter((q) => q.url.includes('/ddm/activity/'));
        expect(activity.length, `${env} ${state.name} ${url}: activity pixels`).toBeGreaterThan(0);
        expect(activity[0].url).toContain(`/ddm/activity/src=${site.pixels.advertiser};`);
        expect(activity[0].params).toMatchObject({ dc_lat: '', dc_rdid: '', tag_for_child_directed_treatment: '', tfua: '' });
        expect(activity[0].params.ord).toMatch(/^\d+$/);
      }
      if (state.grants.has('performance')) expect((sent.get('performance') ?? []).some((q) => q.url.startsWith(site.scripts.monitoring)), `${env} ${state.name} ${url}: monitoring`).toBe(true);
      if (grants.has('analytics') && env !== 'internal') expect((sent.get('analytics') ?? []).length, `${env} ${state.name} ${url}: analytics`).toBeGreaterThan(0);
    }
  });
});
