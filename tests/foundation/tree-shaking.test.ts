import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { container, removeContainer, ruleSource } from '../helpers/container';

// Pinned per-environment contents of a small sample container: which runtime and declaration
// modules each bundle carries. A change in tree-shaking shows up here in review.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const kept = (inputs: Record<string, number> | undefined) => {
  if (!inputs) throw new Error('the compile recorded no inputs');
  return keptFiles(inputs);
};
const keptFiles = (inputs: Record<string, number>) =>
  Object.entries(inputs)
    .filter(([, bytes]) => bytes > 0)
    .map(([file]) => file.replace(/^.*?(runtime|rules|data-elements)\//, '$1/'))
    .filter((f) => /^(runtime|rules|data-elements)\//.test(f))
    .sort();

describe('tree-shaking of a sample container', () => {
  it('keeps exactly the kinds and data elements the included rules use', async () => {
    const root = container('pinned', {
      'data-elements/page.ts': `import { dataLayerValue, cookie, queryParam } from '../../../runtime/declare';\nexport const pageName = dataLayerValue('page.pageName');\nexport const unusedCookie = cookie('unused');\nexport const unusedQuery = queryParam('unused');\n`.replace(
        "'../../../runtime/declare'",
        JSON.stringify(`${process.cwd()}/runtime/declare/index.ts`),
      ),
      'rules/everywhere.ts': ruleSource(
        `{ id: 'everywhere', description: 'x', events: ['Page Load Completed'], conditions: [pathStartsWith('/advisor')], actions: [{ label: 'read', sends: 'necessary', run: (ctx) => ctx.get('pageName' as never) }] }`,
        'rule, pathStartsWith',
      ),
      'rules/dev-only.ts': ruleSource(
        `{ id: 'dev-only', description: 'x', environments: ['dev'], events: [windowLoaded()], conditions: [truthy(de('pageName' as never))], actions: [{ label: 'x', sends: 'necessary', run: () => undefined }] }`,
        'rule, windowLoaded, truthy, de',
      ),
    });
    roots.push(root);
    const result = await compile({ root, envs: ['dev', 'prod'] });
    // The core includes the rule-level consent check, the consent-cookie wait of the data layer,
    // Launch's `_satellite` (whose pageBottom() fires the page-bottom event), and the egress point
    // with its redaction (every bundle's requests leave through them).
    const core = [
      'runtime/consent/gate.ts', 'runtime/core/after-start.ts', 'runtime/core/cookies.ts', 'runtime/core/api.ts', 'runtime/core/data-layer.ts', 'runtime/core/dispatch.ts', 'runtime/core/domain.ts', 'runtime/core/egress.ts', 'runtime/core/log.ts',
      'runtime/core/merge.ts', 'runtime/core/monitor.ts', 'runtime/core/resolve.ts', 'runtime/core/satellite.ts', 'runtime/core/script-start.ts', 'runtime/core/slices.ts', 'runtime/core/start.ts', 'runtime/core/storage.ts', 'runtime/privacy/redact.ts',
      'runtime/events/page-bottom.ts',
      // The entry builds the dispatch table from the rules' events when the bundle starts.
      'runtime/events/table.ts',
    ];
    expect(kept(result.bundles.prod.inputs)).toEqual(
      // Only a build without debug logging loads the debug companion.
      [...core, 'runtime/core/companion.ts', 'data-elements/page.ts', 'rules/everywhere.ts', 'runtime/conditions/path.ts', 'runtime/data-elements/data-layer.ts', 'runtime/declare/data-element.ts', 'runtime/declare/ref.ts', 'runtime/declare/rule.ts'].sort(),
    );
    expect(kept(result.bundles.dev.inputs)).toEqual(
      [
        ...core, 'data-elements/page.ts', 'rules/dev-only.ts', 'rules/everywhere.ts', 'runtime/conditions/compare.ts', 'runtime/conditions/path.ts',
        'runtime/data-elements/data-layer.ts', 'runtime/declare/data-element.ts', 'runtime/declare/ref.ts', 'runtime/declare/rule.ts', 'runtime/events/window-loaded.ts',
        // dev prints the runtime's message texts; prod prints their codes.
        'runtime/core/messages.ts',
        // dev validates payloads; prod carries no validator.
        'runtime/validation/ajv-runtime.ts', 'runtime/validation/errors.ts', 'runtime/validation/index.ts', 'runtime/validation/interpret.ts', 'runtime/validation/schema-service.ts',
      ].sort(),
    );
    expect(result.plans.find((p) => p.env.name === 'prod')!.dataElements).toEqual(['pageName']);
    // `tagc build` leaves esbuild's metafile out: the same bundles, without the inputs.
    const lean = await compile({ root, envs: ['dev', 'prod'], inputs: false });
    for (const env of ['dev', 'prod']) {
      expect(lean.bundles[env].inputs, env).toBeUndefined();
      expect(lean.bundles[env].code, env).toBe(result.bundles[env].code);
      expect(lean.bundles[env].map, env).toBe(result.bundles[env].map);
    }
  });

  it("drops a library's and the data elements' declarations that no included rule reads, though they call other modules or read the site configuration", async () => {
    const declare = JSON.stringify(`${process.cwd()}/runtime/declare/index.ts`);
    const root = container('pure-libraries', {
      'rules/site.config.ts': `export const site = { allowedDomains: ['firm.example', 'localhost'], hosts: { plan: 'plan.firm.example' }, cookies: { unread: 'UNREAD_COOKIE_NAME' } };\nexport default site;\n`,
      'rules/lib/areas.ts': `import { hostIn, pathContains, pathStartsWith } from ${declare};\nimport { site } from '../site.config';\nexport const area = { advisor: pathStartsWith('/advisor'), unusedArea: pathContains('/unused-area-path/'), planHost: hostIn([site.hosts.plan]) };\nexport const unusedList = [pathStartsWith('/unused-list-path')];\nexport const advisorOnly = pathStartsWith('/advisor-only');\n`,
      'data-elements/page.ts': `import { cookie, dataLayerValue } from ${declare};\nimport { site } from '../rules/site.config';\nexport const pageName = dataLayerValue('page.pageName');\nexport const unreadCookie = cookie(site.cookies.unread);\n`,
      'rules/everywhere.ts': `import { rule } from ${declare};\nimport { advisorOnly } from './lib/areas';\nexport default rule({ id: 'everywhere', description: 'x', events: ['Page Load Completed'], conditions: [advisorOnly], actions: [{ label: 'read', sends: 'necessary', run: (ctx) => ctx.get('pageName' as never) }] });\n`,
    });
    roots.push(root);
    const result = await compile({ root, envs: ['dev', 'prod'] });
    for (const env of ['dev', 'prod']) {
      const code = result.bundles[env].code;
      expect(code, env).toContain('/advisor-only');
      expect(code, env).toContain('page.pageName');
      for (const unused of ['/unused-area-path/', '/unused-list-path', 'plan.firm.example', 'UNREAD_COOKIE_NAME']) expect(code, `${env}: ${unused}`).not.toContain(unused);
    }
  });

  it('carries the data elements of a kind the runtime reads from params as rows of a table, not as their modules, and keeps custom code', async () => {
    const root = container(
      'data-element-rows',
      {
        'data-elements/page.ts': `import { dataLayerValue, queryParam } from '../runtime/declare';\nexport const pageName = dataLayerValue('page.pageName', { clean: true });\nexport const campaign = queryParam('cid', { caseInsensitive: true });\n`,
        'data-elements/custom.ts': `import { computed } from '../runtime/declare';\nexport const shout = computed((ctx) => String(ctx.get('pageName')).toUpperCase(), { reads: ['pageName'] });\n`,
        'rules/everywhere.ts': `import { rule } from '../runtime/declare';\nexport default rule({ id: 'everywhere', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'read', sends: 'necessary', run: (ctx) => [ctx.get('shout' as never), ctx.get('campaign' as never)] }] });\n`,
      },
      { linkRuntime: true },
    );
    roots.push(root);
    const result = await compile({ root, envs: ['prod'] });
    const files = kept(result.bundles.prod.inputs);
    expect(files).toContain('runtime/data-elements/table.ts');
    expect(files).toContain('data-elements/custom.ts');
    expect(files).not.toContain('data-elements/page.ts');
    const code = result.bundles.prod.code;
    // A kind whose rows have one string param names it once; its rows carry the string (denseRows),
    // up to the dot where it ends with the element's name. Its options' names are shortened
    // (`clean`, `caseInsensitive`: mangled-props.ts).
    expect(code).toMatch(/pageName:\[1,"page\.",\{[\w$]{1,2}:!0\}\]/);
    expect(code).toContain('"path"]');
    expect(code).toMatch(/\{name:"cid",([\w$]{1,2}):!0\},\{\1:!0\}\]/);
  });

  it('cuts the site configuration to the paths read through it, also through a const that names a part of it', async () => {
    const declare = JSON.stringify(`${process.cwd()}/runtime/declare/index.ts`);
    const root = container('site-alias', {
      'rules/site.config.ts': `export const site = { allowedDomains: ['firm.example', 'localhost'], hosts: { used: 'used.firm.example', other: 'other-host.firm.example' }, paths: { kept: '/kept-path' } };\nexport default site;\n`,
      'rules/lib/hosts.ts': `import { hostIn } from ${declare};\nimport { site } from '../site.config';\nconst hosts = site.hosts;\nconst paths = site.paths;\nexport const usedHost = hostIn([hosts.used]);\nexport const everything = () => paths;\n`,
      'rules/everywhere.ts': `import { rule } from ${declare};\nimport { everything, usedHost } from './lib/hosts';\nexport default rule({ id: 'everywhere', description: 'x', events: ['Page Load Completed'], conditions: [usedHost], actions: [{ label: 'read', sends: 'necessary', run: () => everything() }] });\n`,
    });
    roots.push(root);
    const code = (await compile({ root, envs: ['prod'] })).bundles.prod.code;
    expect(code).toContain('used.firm.example');
    // An alias used whole keeps its whole part.
    expect(code).toContain('/kept-path');
    expect(code).not.toContain('other-host.firm.example');
  });

  it("cuts the site configuration per environment: a rule or data element the environment leaves out does not keep what it reads", async () => {
    const declare = JSON.stringify(`${process.cwd()}/runtime/declare/index.ts`);
    const root = container('site-per-env', {
      'rules/site.config.ts': `export const site = { allowedDomains: ['firm.example', 'localhost'], scripts: { everywhere: 'https://everywhere.firm.example/a.js', devOnly: 'https://dev-only.firm.example/b.js' }, cookies: { read: 'READ_COOKIE', devOnly: 'DEV_ONLY_COOKIE' } };\nexport default site;\n`,
      'data-elements/cookies.ts': `import { cookie } from ${declare};\nimport { site } from '../rules/site.config';\nconst c = site.cookies;\nexport const readCookie = cookie(c.read);\nexport const devCookie = cookie(c.devOnly);\n`,
      'rules/everywhere.ts': `import { rule, loadScript } from ${declare};\nimport { site } from './site.config';\nexport default rule({ id: 'everywhere', description: 'x', events: ['Page Load Completed'], actions: [loadScript({ name: 'a', url: site.scripts.everywhere, sends: 'necessary' }), { label: 'read', sends: 'necessary', run: (ctx) => ctx.get('readCookie' as never) }] });\n`,
      'rules/dev-only.ts': `import { rule, loadScript } from ${declare};\nimport { site } from './site.config';\nexport default rule({ id: 'dev-only', description: 'x', environments: ['dev'], events: ['Page Load Completed'], actions: [loadScript({ name: 'b', url: site.scripts.devOnly, sends: 'necessary' }), { label: 'read', sends: 'necessary', run: (ctx) => ctx.get('devCookie' as never) }] });\n`,
    });
    roots.push(root);
    const result = await compile({ root, envs: ['dev', 'prod'] });
    for (const env of ['dev', 'prod']) for (const kept of ['everywhere.firm.example/a.js', 'READ_COOKIE']) expect(result.bundles[env].code, `${env}: ${kept}`).toContain(kept);
    for (const devOnly of ['dev-only.firm.example/b.js', 'DEV_ONLY_COOKIE']) {
      expect(result.bundles.dev.code).toContain(devOnly);
      expect(result.bundles.prod.code).not.toContain(devOnly);
    }
  });
});
