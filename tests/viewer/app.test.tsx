// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../viewer/src/app';
import { multiEnvBuild, serveBuild } from './build-fetch';
import { click, mount, settle, text, type Mounted } from './render';

let view: Mounted | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  vi.unstubAllGlobals();
});

async function open(hash: string, count = 30) {
  const build = multiEnvBuild(count);
  const requested = serveBuild(build.manifest, build.graphs);
  window.location.hash = hash;
  view = await mount(<App />);
  await settle();
  return { ...build, requested, el: view.container };
}

describe('the viewer app', () => {
  beforeEach(() => {
    window.location.hash = '';
  });

  it('opens prod by default and writes it into the URL', async () => {
    const { el, requested } = await open('');
    expect(window.location.hash).toBe('#/prod/rules');
    expect(el.querySelector('.env-switch a[aria-current="page"]')?.textContent).toBe('prod');
    expect(requested).toEqual(['http://127.0.0.1:4173/manifest.json', 'http://127.0.0.1:4173/prod/graph.json']);
  });

  it('switches environment from the header and keeps the view', async () => {
    const { el, graphs } = await open('#/prod/rules');
    const prodCount = graphs.find((g) => g.env === 'prod')!.rules.length;
    expect(el.querySelector('output')?.getAttribute('data-rows-total')).toBe(String(prodCount));
    await click(el.querySelector('.env-switch a[data-env="test"]')!);
    await settle();
    expect(window.location.hash).toBe('#/test/rules');
    expect(el.querySelector('output')?.getAttribute('data-rows-total')).toBe(String(graphs.find((g) => g.env === 'test')!.rules.length));
    expect(prodCount).toBeLessThan(30);
  });

  it('says an unknown environment in the URL is not in the build, and links the same view in the real ones', async () => {
    const { el, requested } = await open('#/nowhere/firing/Logout?all=1');
    expect(window.location.hash).toBe('#/nowhere/firing/Logout?all=1');
    expect(text(el.querySelector('[role="alert"] h2'))).toBe('No environment “nowhere” in this build');
    expect([...el.querySelectorAll('[role="alert"] a')].map((a) => a.getAttribute('href'))).toEqual(['#/test/firing/Logout?all=1', '#/prod/firing/Logout?all=1']);
    expect(requested.some((u) => u.endsWith('/graph.json'))).toBe(false);
  });

  it('says which file is of the wrong shape and where, instead of a blank page', async () => {
    const build = multiEnvBuild(3);
    const prod = build.graphs.find((g) => g.env === 'prod')!;
    (prod as unknown as { rules: unknown }).rules = { not: 'a list' };
    (prod.events[0] as unknown as { rules: unknown }).rules = 'x';
    serveBuild(build.manifest, build.graphs);
    window.location.hash = '#/prod/rules';
    view = await mount(<App />);
    await settle();
    const alert = text(view.container.querySelector('[role="alert"]'));
    expect(alert).toContain('prod/graph.json is not a build this viewer can show');
    expect(alert).toContain('rules: ');
    expect(alert).toContain('events[0].rules: ');
    // The header still offers the other environment.
    expect(view.container.querySelector('.env-switch a[data-env="test"]')).not.toBeNull();
  });

  it('says so when the manifest is not a manifest', async () => {
    serveBuild({ version: '1', buildTime: '', environments: { prod: { file: 3 } } } as never, []);
    window.location.hash = '';
    view = await mount(<App />);
    await settle();
    expect(text(view.container.querySelector('[role="alert"]'))).toContain('manifest.json is not a build this viewer can show: environments.prod.file: ');
  });

  it('shows a missing environment as missing: in Environments, and as unknown (not unvalidated) in Schemas', async () => {
    const build = multiEnvBuild(6);
    const schema = { event: 'CTA Clicked', file: 'schemas/cta-clicked.ts', description: '', provider: 'Apollo' as const, required: [], optional: [], schema: {} };
    for (const g of build.graphs) g.schemas = [{ ...schema, validated: true }];
    serveBuild(build.manifest, build.graphs.filter((g) => g.env === 'prod'));
    window.location.hash = '#/prod/environments';
    view = await mount(<App />);
    await settle();
    const row = (env: string) => [...view!.container.querySelectorAll('.env-table tbody tr')].find((tr) => text(tr.querySelector('th')) === env)!;
    expect(text(row('test').querySelector('td'))).toBe('missing: could not fetch http://127.0.0.1:4173/test/graph.json: HTTP 404');
    expect(text(row('prod').querySelector('td'))).toContain('synthetic');
    expect(view.container.textContent).not.toContain('…');

    window.location.hash = '#/prod/schemas';
    await settle();
    const flags = [...view.container.querySelectorAll('tbody .flag')].map((f) => [f.className, f.getAttribute('title')]);
    expect(flags).toEqual([
      ['flag unknown', 'not known for test (its graph is not loaded)'],
      ['flag on', 'validated in prod'],
    ]);
  });

  it('says how to get a build when there is none', async () => {
    serveBuild({ version: '0', buildTime: '', environments: {} }, []);
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 404 }));
    window.location.hash = '';
    view = await mount(<App />);
    await settle();
    expect(text(view.container.querySelector('[role="alert"]'))).toContain('could not be loaded');
    expect(text(view.container.querySelector('[role="alert"]'))).toContain('npm run build');
  });

  it('lists what the chosen environment leaves out, with bundle sizes from the manifest', async () => {
    const { el, graphs, manifest } = await open('#/prod/environments');
    const prod = graphs.find((g) => g.env === 'prod')!;
    expect(prod.excluded.rules.length).toBeGreaterThan(0);
    const rows = [...el.querySelectorAll('.env-table tbody tr')];
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(Object.keys(manifest.environments));
    expect(el.querySelector('.env-table tr.current th')?.textContent).toBe('prod');
    const listed = [...el.querySelectorAll('ul.plain a')].map((a) => a.textContent);
    expect(listed).toEqual(prod.excluded.rules);
  });

  it('shows diagnostics exactly as the compiler prints them', async () => {
    const build = multiEnvBuild(3);
    build.graphs[1]!.diagnostics = [{ code: 'dead_rule', severity: 'warning', file: 'rules/x.ts', path: ['conditions', 0], message: 'never fires' }];
    serveBuild(build.manifest, build.graphs);
    window.location.hash = '#/prod/diagnostics';
    view = await mount(<App />);
    await settle();
    expect(text(view.container.querySelector('.diagnostics li'))).toBe('warning dead_rule: rules/x.ts at conditions.0: never fires');
    expect(text(view.container.querySelector('.tabs a[aria-current="page"] .badge'))).toBe('1');
  });
});
