import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREVIEW_BYTES, PREVIEW_PATH, previewRoute, type PreviewAnswer, type PreviewInfo } from '../../compiler/serve/preview';
import { startServer, type RunningServer } from '../../compiler/serve/server';
import { loadScenarios } from '../../compiler/scenarios/load';
import { simulateOptions } from '../../compiler/scenarios/options';
import { simulate } from '../../compiler/simulate';
import { REPO } from '../helpers/container';
import { realBuild } from '../helpers/real-build';

// The Preview endpoint of `tagc serve`: validated input, the simulator in-process on the build.

// This run's build of the container (tests/setup/real-build.ts), served read-only.
const out = realBuild();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ dir: out, routes: [previewRoute(out, { scenarios: () => loadScenarios(REPO, join(REPO, 'tests', 'scenarios')) })] });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function post(body: unknown, raw?: string): Promise<{ status: number; answer: PreviewAnswer }> {
  const res = await fetch(`${server.origin}${PREVIEW_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw ?? JSON.stringify(body) });
  return { status: res.status, answer: (await res.json()) as PreviewAnswer };
}

const page = { event: 'Page Load Started', page: { pageName: 'ignored', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en' } };

describe('the Preview endpoint', () => {
  it('says Preview is available with the environments of the build', async () => {
    const info = (await (await fetch(`${server.origin}${PREVIEW_PATH}`)).json()) as PreviewInfo;
    expect(info.available).toBe(true);
    expect(info.environments).toEqual(expect.arrayContaining(['prod', 'test']));
    expect(info.scenarios.length).toBeGreaterThan(10);
    expect(info.scenarios[0]).toEqual({ name: expect.any(String), family: expect.any(String), description: expect.any(String), file: expect.stringMatching(/^tests\/scenarios\//), environments: null });
  });

  it('runs a project scenario by name exactly as the scenario runner does', async () => {
    const loaded = (await loadScenarios(REPO, join(REPO, 'tests', 'scenarios'))).find((l) => !l.environments || l.environments.includes('prod'))!;
    const { status, answer } = await post({ env: 'prod', scenario: loaded.scenario.name });
    expect(status).toBe(200);
    if (!('result' in answer)) throw new Error(answer.error);
    const direct = await simulate(simulateOptions(loaded.scenario, 'prod', out));
    expect(answer.result.fired).toEqual(direct.fired);
    // Random cache busters aside: the same requests, to the same hosts, the same way.
    const where = (r: { url: string; transport: string }) => `${r.transport} ${new URL(r.url).host}`;
    expect(answer.result.requests.map(where)).toEqual(direct.requests.map(where));
    const unknown = await post({ env: 'prod', scenario: 'no-such-scenario' });
    expect(unknown.status).toBe(400);
  });

  it("records the cookies the page had before the bundle ran, apart from those the bundle wrote", async () => {
    const loaded = (await loadScenarios(REPO, join(REPO, 'tests', 'scenarios'))).find((l) => l.scenario.cookies && Object.keys(l.scenario.cookies).length > 1 && (!l.environments || l.environments.includes('prod')))!;
    const { answer } = await post({ env: 'prod', scenario: loaded.scenario.name });
    if (!('result' in answer)) throw new Error(answer.error);
    const before = answer.result.cookiesBefore ?? {};
    for (const [name, value] of Object.entries(loaded.scenario.cookies!)) expect(before[name], name).toBe(value);
    // By hand, with stored consent: the provider's cookie is the page's, the identity cookies the bundle's.
    const manual = await post({ env: 'prod', url: 'https://www.firm.example/advisor/insights.html', consent: 'all', cookies: ['given=1'], push: [page] });
    if (!('result' in manual.answer)) throw new Error(manual.answer.error);
    const { cookies, cookiesBefore = {} } = manual.answer.result;
    expect(cookiesBefore.given).toBe('1');
    expect(Object.keys(cookiesBefore).length).toBeGreaterThan(1);
    expect(Object.keys(cookies).filter((k) => !(k in cookiesBefore)).length).toBeGreaterThan(0);
  });

  it('runs the built bundle on the page and answers what fired, what was skipped and why, and the beacons', async () => {
    const { status, answer } = await post({ env: 'prod', url: 'https://www.firm.example/advisor/insights.html', consent: 'all', push: [page, { event: 'Page Load Completed' }] });
    expect(status).toBe(200);
    if (!('result' in answer)) throw new Error(answer.error);
    expect(answer.result.env).toBe('prod');
    expect(answer.result.fired.length).toBeGreaterThan(0);
    expect(answer.result.requests.some((r) => r.url.includes('/b/ss/'))).toBe(true);
    expect(answer.result.skipped.find((s) => s.condition === 'host')?.explain?.subject).toBe('www.firm.example');
  });

  it('skips the analytics rules without consent and names the missing category', async () => {
    const { answer } = await post({ env: 'prod', url: 'https://www.firm.example/advisor/insights.html', consent: 'none', push: [page, { event: 'Page Load Completed' }] });
    if (!('result' in answer)) throw new Error(answer.error);
    expect(answer.result.requests.some((r) => r.url.includes('/b/ss/'))).toBe(false);
    expect(answer.result.skipped.some((s) => s.explain?.expected === 'analytics' && s.explain.subject === 'not granted')).toBe(true);
  });

  it('refuses a request of the wrong shape, saying where', async () => {
    const { status, answer } = await post({ env: 'prod', url: 'javascript:alert(1)', consent: 'maybe', cookies: ['no equals sign'], push: ['not an object'], extra: 1 });
    expect(status).toBe(400);
    if (!('issues' in answer)) throw new Error('no issues');
    expect(answer.issues?.map((i) => i.path).sort()).toEqual(['(request)', 'consent', 'cookies.0', 'push.0', 'url']);
    expect((await post({ env: 'prod' })).answer).toMatchObject({ issues: [{ path: 'url', message: 'a page URL or a scenario' }] });
  });

  it('refuses an environment the build does not have, text that is not JSON, and an oversized request', async () => {
    const unknown = await post({ env: 'qa', url: 'https://www.firm.example/' });
    expect(unknown.status).toBe(400);
    expect(unknown.answer).toMatchObject({ error: 'no "qa" bundle in this build' });
    expect((await post(null, '{"env":')).status).toBe(400);
    const big = await post({ env: 'prod', url: 'https://www.firm.example/', push: [{ event: 'x', blob: 'a'.repeat(MAX_PREVIEW_BYTES) }] });
    expect(big.status).toBe(413);
  });
});
