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

  it('shows an unknown environment as the default one', async () => {
    await open('#/nowhere/firing');
    expect(window.location.hash).toBe('#/prod/firing');
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
