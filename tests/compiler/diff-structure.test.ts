import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { diffStructure, reordered, structureChanged } from '../../compiler/diff/structure';
import type { Graph } from '../../compiler/graph-types';
import { container, removeContainer, ruleSource } from '../helpers/container';

// The structural diff (compiler/diff/structure.ts) of two real builds of a sample container: the
// head build renames a page, adds a pixel on a new host, drops a rule, gates a rule on another
// consent category, reorders two rules and switches one off.

const SITE = `export default { allowedDomains: ['shop.example'], hosts: { entry: 'www.shop.example' } };\n`;
const beacon = (name: string) =>
  ruleSource(`{ id: 'beacon', description: 'x', events: ['Page Load Completed'], order: 10, actions: [{ label: 'pixel', sends: 'necessary', hosts: ['px.shop.example'], run: (ctx) => { void ctx.runtime.send('necessary', 'https://px.shop.example/p?name=${name}', { via: 'image' }); } }] }`);
const chat = (order: number) =>
  ruleSource(`{ id: 'chat', description: 'x', events: ['Page Load Completed'], order: ${order}, actions: [loadScript({ name: 'chat', url: 'https://chat.example/c.js', sends: 'necessary' })] }`, 'rule, loadScript');
const survey = (consent: string) => ruleSource(`{ id: 'survey', description: 'x', events: ['Page Load Completed'], order: 30, consent: '${consent}', actions: [{ label: 'open', sends: '${consent}', run: () => {} }] }`);

let root: string;
let base: Graph;
let head: Graph;
const graphAt = (out: string, env: string) => JSON.parse(readFileSync(join(out, env, 'graph.json'), 'utf8')) as Graph;

beforeAll(async () => {
  root = container('diff-structure', {
    'rules/site.config.ts': SITE,
    'rules/beacon.ts': beacon('home'),
    'rules/chat.ts': chat(20),
    'rules/survey.ts': survey('performance'),
    'rules/legacy.ts': ruleSource(`{ id: 'legacy', description: 'x', events: ['Page Load Completed'], order: 40, actions: [{ label: 'noop', sends: 'necessary', run: () => {} }] }`),
    'rules/clicks.ts': ruleSource(`{ id: 'clicks', description: 'x', events: ['Page Load Completed'], order: 50, actions: [{ label: 'noop', sends: 'necessary', run: () => {} }] }`),
  });
  await compile({ root, outDir: join(root, 'base'), envs: ['prod'] });
  writeFileSync(join(root, 'rules/beacon.ts'), beacon('start'));
  writeFileSync(join(root, 'rules/chat.ts'), chat(5));
  writeFileSync(join(root, 'rules/survey.ts'), survey('advertising'));
  rmSync(join(root, 'rules/legacy.ts'));
  writeFileSync(join(root, 'rules/clicks.ts'), ruleSource(`{ id: 'clicks', description: 'x', enabled: false, events: ['Page Load Completed'], order: 50, actions: [{ label: 'noop', sends: 'necessary', run: () => {} }] }`));
  writeFileSync(
    join(root, 'rules/pixel.ts'),
    ruleSource(`{ id: 'ads', description: 'x', events: ['Page Load Completed'], order: 60, consent: 'advertising', actions: [activityPixel({ host: 'ad.shop-ads.example', src: '1', type: 't', cat: 'c' })] }`, 'rule, activityPixel'),
  );
  await compile({ root, outDir: join(root, 'head'), envs: ['prod'] });
  base = graphAt(join(root, 'base'), 'prod');
  head = graphAt(join(root, 'head'), 'prod');
}, 120_000);
afterAll(() => removeContainer(root));

describe('the structural diff of two builds', () => {
  it('finds nothing in a build compared with itself', () => {
    const d = diffStructure('prod', base, base);
    expect(d.identical).toBe(true);
    expect(structureChanged(d)).toBe(false);
  });

  it('lists rules added, removed and changed, a changed rule by its content hash', () => {
    const d = diffStructure('prod', base, head);
    expect(d.rules.added.map((r) => r.name)).toEqual(['ads']);
    expect(d.rules.removed.map((r) => r.name)).toEqual(['clicks', 'legacy']);
    const beaconChange = d.rules.changed.find((r) => r.name === 'beacon');
    // Code inside a custom action is not in the compiled fields: only the hash sees it.
    expect(beaconChange).toEqual({ name: 'beacon', file: 'rules/beacon.ts', source: true, fields: [] });
    expect(d.rules.changed.find((r) => r.name === 'survey')?.fields).toEqual(expect.arrayContaining(['actions', 'consent', 'gates']));
  });

  it('reports the firing-order change of the event whose rules moved', () => {
    const [change, ...others] = diffStructure('prod', base, head).firingOrder;
    expect(others).toEqual([]);
    expect(change).toMatchObject({ event: 'Page Load Completed', base: ['beacon', 'chat', 'survey', 'legacy', 'clicks'], head: ['chat', 'beacon', 'survey', 'ads'] });
    expect(reordered(change!)).toBe(true);
  });

  it('reports the consent gate change, the new host, the rule switched off and the size delta', () => {
    const d = diffStructure('prod', base, head);
    expect(d.consent).toEqual([{ rule: 'survey', base: { consent: 'performance', gates: ['performance'] }, head: { consent: 'advertising', gates: ['advertising'] } }]);
    expect(d.hosts.added).toEqual([{ host: 'ad.shop-ads.example', directive: 'img-src', base: null, head: { category: 'advertising', rules: ['ads'] } }]);
    expect(d.hosts.removed).toEqual([]);
    expect(d.switched).toEqual({ off: ['clicks'], on: [] });
    expect(d.size.gzipBytes).toBe(head.bundle.gzipBytes - base.bundle.gzipBytes);
    expect(d.size.base).toEqual({ bytes: base.bundle.bytes, gzipBytes: base.bundle.gzipBytes });
  });

  it('treats an environment missing from one build as everything added', () => {
    const d = diffStructure('prod', null, head);
    expect(d.rules.added.map((r) => r.name)).toEqual(['ads', 'beacon', 'chat', 'survey']);
    expect(d.size.bytes).toBe(head.bundle.bytes);
  });

  it('is browser-safe: the module imports no Node built-in', () => {
    const source = readFileSync(join(__dirname, '../../compiler/diff/structure.ts'), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports).toEqual(['../graph-types', './types']);
  });
});
