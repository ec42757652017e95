import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { StrippedModules } from '../../compiler/phases/3-graph/hashes/stripped-modules';
import { optionSources, unsetOptions } from '../../compiler/phases/5-emit/unset-options';
import { OPTIONAL_FIELDS, unsetConstant } from '../../runtime/declare/unset-options';
import { realBundle } from '../helpers/real-build';
import { container, DECLARE, REPO, removeContainer, ruleSource } from '../helpers/container';

// Optional option fields that no module of a project names are compile-time constants of its
// bundles (runtime/declare/unset-options.ts, compiler/phases/5-emit/unset-options.ts).

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const runtimeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));

describe('unset option fields', () => {
  it('are read in the runtime only as listed constants, each declared', () => {
    const read = new Set<string>();
    for (const file of runtimeFiles(join(REPO, 'runtime'))) for (const [, field] of readFileSync(file, 'utf8').matchAll(/__TAGC_UNSET_(\w+?)__/g)) read.add(field!);
    expect([...read].sort()).toEqual([...OPTIONAL_FIELDS].sort());
    const globals = readFileSync(join(REPO, 'runtime', 'core', 'globals.d.ts'), 'utf8');
    for (const field of OPTIONAL_FIELDS) expect(globals, field).toContain(`declare const ${unsetConstant(field)}: boolean;`);
  });

  it('are those that no module names where the name can reach a bundle: in code, not in a comment nor in viewer-only text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagc-unset-'));
    try {
      const files: Record<string, string> = {
        'a.ts': `export const x = { hideBody: false };\n`,
        // A comment, a rule's description and a custom step's label, and a data element's description, never reach a bundle without debugging.
        'b.ts': `// loadTimeout is left as it is\nexport const npaFlag = 1; // not npa itself: npaFlag\n/* serverState */\n`,
        'rule.ts': `export default rule({ id: 'r', description: 'sets products and purchaseID', actions: [{ label: 'push contextData', run: (ctx) => ctx.client['optedIn'] }] });\n`,
        'element.ts': `export const a = constant(1, { description: 'list1 and currencyCode' });\nexport const b = constant({ cc: 'EUR' });\n`,
        'site.ts': `export default { target: { pageLoadEnabled: true } };\n`,
        // Settings spread into a step's options.
        'flags.json': `{ "npa": true }`,
        // A module that does not parse names every word in it.
        'broken.ts': `export const = // ignoreCase\n`,
        // Imported from outside rules/ and data-elements/: esbuild reads it whole, labels included.
        'outside.ts': `export const step = { label: 'refresh the list', run() {} };\n`,
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const sources = Object.keys(files).map((name) => ({ file: join(dir, name), viewerOnlyOut: name !== 'outside.ts' }));
      const unset = await unsetOptions(sources, new StrippedModules());
      const named = ['hideBody', 'optedIn', 'cc', 'pageLoadEnabled', 'npa', 'ignoreCase', 'refresh'];
      expect([...unset].sort()).toEqual(OPTIONAL_FIELDS.filter((f) => !named.includes(f)).sort());
      for (const field of ['loadTimeout', 'serverState', 'products', 'purchaseID', 'contextData', 'list1', 'currencyCode'] as const) expect(unset.has(field), field).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are looked for in every module under rules/ and data-elements/ and in the site configuration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagc-unset-'));
    try {
      const files = ['rules/page/helpers/options.ts', 'rules/lib/a.ts', 'data-elements/x.ts', 'config/site.ts', 'runtime/core/start.ts'];
      for (const f of files) {
        mkdirSync(join(dir, f, '..'), { recursive: true });
        writeFileSync(join(dir, f), '');
      }
      const sources = await optionSources(dir, join(dir, 'config/site.ts'), [join(dir, 'settings/flags.json'), join(dir, 'rules/lib/a.ts')]);
      const read = sources.map(({ file, viewerOnlyOut }) => [file.slice(dir.length + 1), viewerOnlyOut] as const);
      // A file imported from elsewhere is read with its viewer-only text: the bundles read it whole.
      expect(read.sort()).toEqual([...files.slice(0, 4).map((f) => [f, true] as const), ['settings/flags.json', false] as const].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leave the real prod bundle without the code that handles them: the A/B switches' messages, the id-sync switch, the page-view storage, a comparison's case switch, the purchase id's and the currency's checks, the products' and context data's serialisation and a list's split (named only in a comment and in custom steps' labels of rules/)", () => {
    const prod = realBundle('prod');
    // W12 "not opted in", W15 "Page load disabled", W21 "purchaseID ... not sent", W20 "currency code ... is invalid".
    // W25/W26 the products' checks, W22 context data over its limit, a list variable's split.
    for (const text of ['"W12"', '"W15"', 'id syncs have been disabled', '"pageview"', 'ignoreCase', '"W21"', '"W20"', '"W25"', '"W26"', '"W22"', 'startsWith("list")']) expect(prod.includes(text), text).toBe(false);
    expect(prod).toContain('"session"');
    expect(prod).toContain('"W17"');
  });

  it('are kept where a rule or data element sets one, also from a file it imports outside rules/, and only there (not where a description or comment names it)', async () => {
    const pixel = (id: string, extra: string, description = 'x') =>
      ruleSource(`{ id: '${id}', description: '${description}', consent: 'advertising', events: ['Page Load Completed'], actions: [activityPixel({ host: 'ad.doubleclick.net', src: '1', type: 't', cat: 'c'${extra} })] }`, 'rule, activityPixel');
    // An analytics variable is a field too: the page view's variables name it or not.
    const pageView = (vars: string) =>
      `import { rule } from ${JSON.stringify(DECLARE)};\nimport { sendPageView } from ${JSON.stringify(join(REPO, 'runtime', 'actions', 'analytics-page-view.ts'))};\n` +
      `export default rule({ id: 'page-view', description: 'x', consent: 'analytics', events: ['Page Load Completed'], actions: [sendPageView({ settings: { trackingServer: 'metrics.firm.example', reportSuite: 'rs', identity: null }, vars: { ${vars} } })] });\n`;
    // Named only in a rule's description and in a comment.
    const without = container('unset-none', { 'rules/pixel.ts': pixel('pixel', '', 'no npa, no purchaseID'), 'rules/page-view.ts': `// products, contextData, cc and list2 are left unset\n` + pageView("pageName: 'home'") });
    const withNpa = container('unset-npa', { 'rules/pixel.ts': pixel('pixel', ', npa: true'), 'rules/page-view.ts': pageView("pageName: 'home', purchaseID: 'A1', cc: 'EUR', products: ';sku1', contextData: { a: 1 }, l2: 'x'") });
    // The flag comes from a JSON file outside rules/, spread into the options.
    const fromJson = container('unset-json', {
      'rules/pixel.ts': `import flags from '../settings/pixel-flags.json';\n` + pixel('pixel', ', ...flags'),
      'settings/pixel-flags.json': JSON.stringify({ npa: true }),
      'rules/page-view.ts': pageView("pageName: 'home', currencyCode: 'EUR', list3: 'y'"),
      // A data element that no rule reads still names its fields.
      'data-elements/order.ts': `import { constant } from ${JSON.stringify(DECLARE)};\nexport const order = constant({ purchaseID: 'A1' });\n`,
    });
    roots.push(without, withNpa, fromJson);
    const [a, b, c] = await Promise.all([without, withNpa, fromJson].map((root) => compile({ root, envs: ['prod'] })));
    expect(a.bundles.prod.code).toContain(';npa=;ord=');
    // W21: a purchase id that is not 1-20 letters or digits is not sent.
    expect(a.bundles.prod.code).not.toContain('"W21"');
    for (const set of [b, c]) expect(set.bundles.prod.code).toContain('"W21"');
    // W20: an invalid currency code is sent as USD; the currency is set by its name or its wire name (cc).
    expect(a.bundles.prod.code).not.toContain('"W20"');
    for (const set of [b, c]) expect(set.bundles.prod.code).toContain('"W20"');
    // W25/W26: the products' checks; W22: context data over its limit; a list variable, by its name
    // (list1-3) or its wire name (l1-3), split and cut to its limit.
    for (const text of ['"W25"', '"W22"', 'startsWith("list")']) {
      expect(a.bundles.prod.code, text).not.toContain(text);
      expect(b.bundles.prod.code, text).toContain(text);
    }
    expect(c.bundles.prod.code).toContain('startsWith("list")');
    for (const set of [b, c]) {
      expect(set.bundles.prod.code).not.toContain(';npa=;ord=');
      expect(set.bundles.prod.code).toMatch(/;npa=\$\{/);
    }
  }, 120_000);
});
