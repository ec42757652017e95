import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import type { Graph, Manifest } from '../../compiler/graph-types';
import { simulate } from '../../compiler/simulate';
import { container, REPO, removeContainer, ruleSource } from '../helpers/container';

// The real container, built into a temporary folder, and a sample container that pins what
// tree-shaking must leave out.

let out: string;
let manifest: Manifest;
let sample: string;
const read = (env: string) => readFileSync(join(out, manifest.environments[env as 'prod']!.file), 'utf8');

beforeAll(async () => {
  out = join(REPO, '.tagc-tmp', `bundles-${process.pid}`);
  await compile({ root: REPO, outDir: out });
  manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;

  sample = container('shake', {
    'rules/everywhere.ts': ruleSource(`{ id: 'everywhere', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'everywhere-action', sends: 'necessary', run: () => undefined }] }`),
    'rules/dev-only.ts': ruleSource(
      `{ id: 'dev-only-rule', description: 'x', environments: ['dev', 'test'], events: [pageHidden()], actions: [{ label: 'x', sends: 'necessary', run: () => console.log('DEV_ONLY_MARKER') }] }`,
      'rule, pageHidden',
    ),
  });
  await compile({ root: sample, envs: ['dev', 'prod'] });
}, 120_000);

afterAll(() => {
  removeContainer(out);
  removeContainer(sample);
});

describe('per-environment bundles', () => {
  it('writes one content-hashed, minified bundle per environment with SRI and a source map', () => {
    expect(Object.keys(manifest.environments).sort()).toEqual(['dev', 'internal', 'prod', 'stg', 'test']);
    for (const [env, entry] of Object.entries(manifest.environments)) {
      const bytes = readFileSync(join(out, entry!.file));
      const hash = /container\.([0-9a-f]{16})\.min\.js$/.exec(entry!.file)?.[1];
      expect(entry!.file.startsWith(`${env}/`)).toBe(true);
      expect(hash).toBeDefined();
      expect(entry!.bytes).toBe(bytes.length);
      expect(entry!.integrity).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
      expect(entry!.gzipBytes).toBeLessThan(entry!.bytes);
      expect(bytes.toString()).toContain(`hash:"${hash}"`);
      expect(existsSync(join(out, `${entry!.file}.map`))).toBe(true);
      expect(bytes.toString()).not.toMatch(/\n  +\S/); // minified: no indented lines
    }
  });

  it('names the source map only in debug environments; prod and internal carry no sourceMappingURL', () => {
    for (const [env, entry] of Object.entries(manifest.environments)) {
      const hash = /container\.([0-9a-f]{16})\.min\.js$/.exec(entry!.file)![1];
      if (env === 'prod' || env === 'internal') expect(read(env), env).not.toContain('sourceMappingURL');
      else expect(read(env), env).toMatch(new RegExp(`//# sourceMappingURL=container\\.${hash}\\.min\\.js\\.map\\n$`));
    }
  });

  it('keeps every path of the build machine out of the bundles and their maps (sources are relative to the project)', () => {
    for (const entry of Object.values(manifest.environments)) {
      const map = JSON.parse(readFileSync(join(out, entry!.map), 'utf8')) as { sources: string[]; sourcesContent: string[] };
      expect(map.sources.length).toBeGreaterThan(10);
      for (const source of map.sources) expect(source).not.toMatch(/^(\/|[A-Za-z]:)/);
      expect(map.sources).toContain('runtime/core/start.ts');
      for (const text of [readFileSync(join(out, entry!.file), 'utf8'), ...map.sourcesContent]) expect(text).not.toContain(REPO);
    }
  });

  it('drops debug logging from prod and internal but keeps it in dev', () => {
    expect(read('dev')).toContain('fired on');
    for (const env of ['prod', 'internal']) {
      expect(read(env)).not.toContain('fired on');
      expect(read(env)).not.toContain('skipped on');
    }
  });

  it('leaves rules of other environments, and the runtime modules only they use, out of the bundle', () => {
    const m = JSON.parse(readFileSync(join(sample, 'build', 'manifest.json'), 'utf8')) as Manifest;
    const dev = readFileSync(join(sample, 'build', m.environments.dev!.file), 'utf8');
    const prod = readFileSync(join(sample, 'build', m.environments.prod!.file), 'utf8');
    expect(dev).toContain('dev-only-rule');
    expect(dev).toContain('DEV_ONLY_MARKER');
    expect(dev).toContain('pagehide');
    expect(prod).not.toContain('dev-only-rule');
    expect(prod).not.toContain('DEV_ONLY_MARKER');
    expect(prod).not.toContain('pagehide');
    expect(prod).toContain('everywhere');
    expect(m.environments.prod!.rules).toBe(1);
    expect(m.environments.dev!.rules).toBe(2);
  });

  it('writes graph.json with rules in firing order, source files and data-element readers', () => {
    const graph = JSON.parse(readFileSync(join(out, 'prod', 'graph.json'), 'utf8')) as Graph;
    expect(graph.env).toBe('prod');
    expect(graph.hash).toBe(/container\.([0-9a-f]+)\.min/.exec(manifest.environments.prod!.file)![1]);
    const positions = graph.rules.map((r) => [r.order, r.id]);
    expect(positions).toEqual([...positions].sort((a, b) => (a[0] as number) - (b[0] as number) || String(a[1]).localeCompare(String(b[1]))));
    const pv = graph.rules.find((r) => r.id === 'analytics-page-view')!;
    expect(pv.file).toBe('rules/analytics-page-view.ts');
    expect(graph.events.find((e) => e.key === 'Page Load Completed')!.rules).toContain('analytics-page-view');
    for (const name of pv.reads) expect(graph.dataElements.find((d) => d.name === name)!.readBy).toContain('analytics-page-view');
    // The consent each rule is proven to need, whether declared on the rule or by a condition.
    expect(pv.gates).toEqual(['analytics']);
    for (const r of graph.rules) if (r.consent) expect(r.gates).toContain(r.consent);
  });
});

describe('tagc simulate on the built bundles', () => {
  const pageViews = (r: Awaited<ReturnType<typeof simulate>>) => r.requests.filter((q) => q.url.includes('/b/ss/') && !q.params.pe);

  it('sends the page view of the production site to the production suite', async () => {
    const r = await simulate({
      env: 'prod',
      url: 'https://www.firm.example/us/funds.html',
      push: [{ event: 'Page Load Started', page: { pageName: 'us > funds', channel: 'US sites' } }, { event: 'Page Load Completed' }],
      buildDir: out,
    });
    const views = pageViews(r);
    expect(views).toHaveLength(1);
    expect(new URL(views[0].url).pathname).toMatch(/^\/b\/ss\/firmprod\/1\/JS-[\d.]+\/s\d+$/);
    expect(new URL(views[0].url).host).toBe('metrics.firm.example');
    expect(views[0].params).toMatchObject({ AQB: '1', AQE: '1', g: 'https://www.firm.example/us/funds.html', pageName: 'us > funds', ch: 'US sites' });
    expect(r.fired.some((f) => f.event === 'Page Load Completed')).toBe(true);
  });

  it('sends the page view of the development host to the development suite', async () => {
    const r = await simulate({ env: 'prod', url: 'https://dev.firm.example/', push: [{ event: 'Page Load Completed' }], buildDir: out });
    expect(pageViews(r).map((q) => new URL(q.url).pathname.split('/')[3])).toEqual(['firmdev']);
  });

  it('records cookies, storage and the data layer, and answers with --respond rules', async () => {
    const r = await simulate({
      env: 'test',
      url: 'https://www.firm.example/individual/',
      cookies: ['visitorPref=a%20b'],
      local: ['k=v'],
      push: [{ event: 'Page Load Completed' }],
      after: [{ event: 'Page Load Completed' }],
      buildDir: out,
    });
    expect(r.cookies.visitorPref).toBe('a b');
    expect(r.localStorage.k).toBe('v');
    expect(r.dataLayer).toEqual([{ event: 'Page Load Completed' }, { event: 'Page Load Completed' }]);
    expect(pageViews(r).length).toBe(2);
  });

  it('refuses a bundle on a host outside the allow-list', async () => {
    const r = await simulate({ env: 'prod', url: 'https://www.example.org/', push: [{ event: 'Page Load Completed' }], buildDir: out });
    expect(r.requests).toEqual([]);
    expect(r.console).toContainEqual({ level: 'error', text: '[tagc] library not authorised for domain www.example.org' });
  });
});
