import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { container, removeContainer, ruleSource } from '../helpers/container';

// Pinned per-environment contents of a small sample container: which runtime and declaration
// modules each bundle carries. A change in tree-shaking shows up here in review.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const kept = (inputs: Record<string, number>) =>
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
      'runtime/core/merge.ts', 'runtime/core/monitor.ts', 'runtime/core/resolve.ts', 'runtime/core/satellite.ts', 'runtime/core/slices.ts', 'runtime/core/start.ts', 'runtime/core/storage.ts', 'runtime/privacy/redact.ts',
      'runtime/events/page-bottom.ts',
    ];
    expect(kept(result.bundles.prod.inputs)).toEqual(
      // Only a build without debug logging loads the debug companion.
      [...core, 'runtime/core/companion.ts', 'data-elements/page.ts', 'rules/everywhere.ts', 'runtime/conditions/path.ts', 'runtime/data-elements/data-layer.ts', 'runtime/declare/data-element.ts', 'runtime/declare/ref.ts', 'runtime/declare/rule.ts'].sort(),
    );
    expect(kept(result.bundles.dev.inputs)).toEqual(
      [
        ...core, 'data-elements/page.ts', 'rules/dev-only.ts', 'rules/everywhere.ts', 'runtime/conditions/compare.ts', 'runtime/conditions/path.ts',
        'runtime/data-elements/data-layer.ts', 'runtime/declare/data-element.ts', 'runtime/declare/ref.ts', 'runtime/declare/rule.ts', 'runtime/events/window-loaded.ts',
        // dev validates payloads; prod carries no validator.
        'runtime/validation/ajv-runtime.ts', 'runtime/validation/errors.ts', 'runtime/validation/index.ts', 'runtime/validation/interpret.ts', 'runtime/validation/schema-service.ts',
      ].sort(),
    );
    expect(result.plans.find((p) => p.env.name === 'prod')!.dataElements).toEqual(['pageName']);
  });
});
