import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import type { Graph, HostUse, Manifest } from '../../compiler/graph-types';
import { simulate } from '../../compiler/simulate';
import { container, removeContainer, ruleSource } from '../helpers/container';

// A sample container that is not the firm's: its host inventory comes from its own kinds' params,
// per environment, and `tagc simulate` learns its consent provider and default page from its build.

let root: string;
let manifest: Manifest;
const graphOf = (env: string) => JSON.parse(readFileSync(join(root, 'build', env, 'graph.json'), 'utf8')) as Graph;
const brief = (hosts: HostUse[] | undefined) => (hosts ?? []).map((h) => `${h.host} ${h.category} ${h.directive} ${h.rules.join(',')}`);

beforeAll(async () => {
  root = container('inventory', {
    'rules/site.config.ts': `export default { allowedDomains: ['shop.example'], hosts: { entry: 'www.shop.example' } };\n`,
    'rules/consent.ts': ruleSource(
      `{ id: 'consent', description: 'x', events: [libraryLoaded()], order: 1, actions: [oneTrustConsent({ groups: { analytics: 'C0002', performance: 'C0003', advertising: 'C0004' }, skip: { hosts: [], pathPrefixes: [], paths: [], query: { name: 'skip', value: '1' }, global: 'skipConsent' }, suppressionCookie: { name: 'declined', days: 30 } })] }`,
      'rule, libraryLoaded, oneTrustConsent',
    ),
    'rules/pixel.ts': ruleSource(
      `{ id: 'ads', description: 'x', events: ['Page Load Completed'], consent: 'advertising', actions: [activityPixel({ host: 'ad.shop-ads.example', src: '1', type: 't', cat: 'c' })] }`,
      'rule, activityPixel',
    ),
    'rules/script.ts': ruleSource(
      `{ id: 'chat', description: 'x', events: [libraryLoaded()], actions: [loadScript({ name: 'chat', url: { prod: 'https://chat.example/p.js', dev: 'https://chat-dev.example/d.js' }, sends: 'necessary' })] }`,
      'rule, libraryLoaded, loadScript',
    ),
  });
  await compile({ root, envs: ['dev', 'prod'] });
  manifest = JSON.parse(readFileSync(join(root, 'build', 'manifest.json'), 'utf8')) as Manifest;
}, 120_000);
afterAll(() => removeContainer(root));

describe('the host inventory', () => {
  it('lists each host a bundle can contact with its category, CSP directive and rules, per environment', () => {
    expect(brief(graphOf('prod').hosts)).toEqual(['ad.shop-ads.example advertising img-src ads', 'chat.example necessary script-src chat']);
    expect(brief(graphOf('dev').hosts)).toEqual(['ad.shop-ads.example advertising img-src ads', 'chat-dev.example necessary script-src chat']);
    expect(manifest.environments.prod?.hosts).toEqual(graphOf('prod').hosts);
  });
});

describe('simulation settings from the project', () => {
  it('defaults the page to the project entry host and writes consent with the project provider', async () => {
    const r = await simulate({ env: 'prod', buildDir: join(root, 'build'), consent: 'analytics', push: [{ event: 'Page Load Completed' }] });
    expect(r.url).toBe('https://www.shop.example/');
    const groups = new URLSearchParams(r.cookies.OptanonConsent).get('groups');
    expect(groups?.split(',')).toEqual(expect.arrayContaining(['C0002:1', 'C0004:0']));
    expect(r.requests.some((q) => q.url.includes('ad.shop-ads.example'))).toBe(false);
  });
});
