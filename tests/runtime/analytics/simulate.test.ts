import { join } from 'node:path';
import { compile } from '../../../compiler';
import { simulate, type SimulateResult } from '../../../compiler/simulate';
import { container, REPO, removeContainer } from '../../helpers/container';
import { decodeQuery } from './decode';

// Through a built bundle (esbuild IIFE run by `tagc simulate`): the page view and a link hit for
// a catalogue event, both carrying the visitor id from the identity service.

const abs = (p: string) => JSON.stringify(join(REPO, p));
let root: string;
const MID = '61794315425683745813796539875063201498';

beforeAll(async () => {
  root = container('analytics-sim', {
    'rules/site.config.ts': `export * from ${abs('rules/site.config.ts')};\nexport { default } from ${abs('rules/site.config.ts')};\n`,
    // The container's own consent provider (no stored consent: all granted, spec §4).
    'rules/consent-provider.ts': `export { default } from ${abs('rules/consent/provider.ts')};\n`,
    'schemas/cta-clicked.ts': `export { default } from ${abs('schemas/cta-clicked.ts')};\n`,
    'data-elements/analytics.ts': [
      `export { reportSuite } from ${abs('data-elements/report-suite.ts')};`,
      `export { isBotAgent, trackPage, analyticsAborted } from ${abs('data-elements/analytics.ts')};`,
      `import { dataLayerValue } from ${abs('runtime/declare/index.ts')};`,
      `export const pageName = dataLayerValue('page.pageName');`,
      `export const linkName = dataLayerValue('linkInfo.customLinkName');`,
    ].join('\n'),
    'rules/page-view.ts': `import { rule, de } from ${abs('runtime/declare/index.ts')};\nimport { pageView } from ${abs('rules/lib/analytics.ts')};\nexport default rule({ id: 'page-view', description: 'x', consent: 'analytics', events: ['Page Load Completed'], actions: [pageView({ pageName: de('pageName'), eVar22: de('pageName') })] });\n`,
    'rules/cta.ts': `import { rule, de } from ${abs('runtime/declare/index.ts')};\nimport { analyticsEvent } from ${abs('rules/lib/analytics.ts')};\nexport default rule({ id: 'cta', description: 'x', consent: 'analytics', events: ['CTA Clicked'], actions: [analyticsEvent({ linkName: de('linkName'), events: ['event61'], vars: { eVar22: de('pageName') } })] });\n`,
  });
  const result = await compile({ root, envs: ['test', 'prod'] });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(JSON.stringify(errors));
}, 120_000);
afterAll(() => removeContainer(root));

const run = (env: string, extra: Partial<Parameters<typeof simulate>[0]> = {}) =>
  simulate({
    env,
    url: 'https://www.firm.example/us/funds.html',
    buildDir: join(root, 'build'),
    push: [{ event: 'Page Load Started', page: { pageName: 'us > funds' } }, { event: 'Page Load Completed' }],
    after: [{ event: 'CTA Clicked', linkInfo: { linkId: 'hero', customLinkName: 'Open an account' } }],
    respond: [{ match: '/id?', status: 200, body: JSON.stringify({ d_mid: MID, dcs_region: 7, d_blob: 'BLOB', id_sync_ttl: 604800 }) }],
    ...extra,
  });
const hits = (r: SimulateResult) => r.requests.filter((q) => q.url.includes('/b/ss/'));

describe('analytics through the built bundle', () => {
  it.each(['test', 'prod'])('%s: a page view and a link hit for CTA Clicked, with mid', async (env) => {
    const r = await run(env);
    const id = r.requests.filter((q) => q.url.startsWith('https://dpm.identity.example/id?'));
    expect(id).toHaveLength(1);
    const [view, link] = hits(r);
    expect(hits(r)).toHaveLength(2);
    expect(view.transport).toBe('image');
    expect(view.params).toMatchObject({ AQB: '1', AQE: '1', mid: MID, aamlh: '7', pageName: 'us > funds', v22: 'us > funds', g: 'https://www.firm.example/us/funds.html', cc: 'USD', mcorgid: 'FIRM0000000000000000000@AdobeOrg' });
    expect(view.params.pe).toBeUndefined();
    expect(link.params).toMatchObject({ pe: 'lnk_o', pev2: 'Open an account', events: 'event61', v22: 'us > funds', mid: MID });
    expect(link.params.pageName).toBeUndefined();
    expect(decodeQuery(link.url).params.mid).toBe(MID);
    expect(r.cookies['AMCV_FIRM0000000000000000000@AdobeOrg']).toContain(`MCMID|${MID}|MCAAMLH-`);
    expect(r.cookies['AMCVS_FIRM0000000000000000000@AdobeOrg']).toBe('1');
    expect(r.failed).toEqual([]);
  });

  it('with the identity service down, both hits still go, with a local 38-digit id', async () => {
    const r = await run('prod', { respond: [{ match: '/id?', status: 0, body: '' }] });
    const mids = hits(r).map((h) => h.params.mid);
    expect(mids).toHaveLength(2);
    expect(mids[0]).toMatch(/^\d{38}$/);
    expect(mids[1]).toBe(mids[0]);
  });

  it('no hit for a synthetic monitor', async () => {
    const r = await run('prod', { userAgent: 'Mozilla/5.0 (compatible; Pingdom.com_bot_version_1.4)' });
    expect(hits(r)).toEqual([]);
  });
});
