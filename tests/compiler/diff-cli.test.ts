import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { KEPT_BASES, toolFingerprint } from '../../compiler/diff/base-cache';
import type { DiffReport } from '../../compiler/diff/types';
import { tagcInProcess } from '../helpers/cli';
import { container, DECLARE, REPO, removeContainer } from '../helpers/container';
import { commitAll, git } from '../helpers/git';

// `tagc diff` end to end on a sample container in a git repository of its own: the committed
// version is the base (built from the ref in a temporary worktree), the working tree the head.
// Each case edits the working tree, runs the CLI in-process and restores the commit.

const ACTIONS = (file: string) => JSON.stringify(join(REPO, 'runtime', 'actions', file));
const SETTINGS = `{ trackingServer: 'metrics.firm.example', reportSuite: 'firmprod', identity: null }`;

const pageRule = (pageName: string) => `import { rule } from ${JSON.stringify(DECLARE)};
import { sendPageView } from ${ACTIONS('analytics-page-view.ts')};
import { mapping } from './lib/mapping';
export { mapping };
export default rule({ id: 'page-view', description: 'The page view', events: ['Page Load Completed'], consent: 'analytics',
  actions: [sendPageView({ settings: ${SETTINGS}, vars: { pageName: ${JSON.stringify(pageName)}, eVar22: ${JSON.stringify(pageName)}, channel: 'advisor' } })] });
`;
const PIXEL_RULE = 'rules/ad-pixel.ts';
const pixelRule = (host: string) => `import { rule } from ${JSON.stringify(DECLARE)};
import { activityPixel } from ${ACTIONS('pixel.ts')};
export default rule({ id: 'ad-pixel', description: 'A conversion pixel', events: ['Page Load Completed'], consent: 'advertising', actions: [activityPixel({ host: '${host}', src: '123', type: 'conv', cat: 'faq' })] });
`;
const abs = (p: string) => JSON.stringify(join(REPO, p));

const MAPPING = `import { viewTable } from ${JSON.stringify(DECLARE)};
export const mapping = viewTable({ name: 'Analytics mapping', description: 'Beacon parameters and the variables they carry', columns: ['wire', 'variable', 'element'],
  rows: [{ wire: 'pageName', variable: 'pageName', element: 'pageName' }, { wire: 'v22', variable: 'eVar22', element: 'pageName' }, { wire: 'ch', variable: 'channel', element: 'channel' }] });
`;

const SCENARIOS = `import { scenario, scenarios } from ${JSON.stringify(join(REPO, 'compiler', 'scenarios', 'index.ts'))};
export default scenarios('pages', [
  scenario({ name: 'faqs-consented', description: 'The FAQ page with every category consented', url: 'https://www.firm.example/advisor/faqs.html', consent: 'all', environments: ['prod', 'stg'],
    push: [{ event: 'Page Load Completed' } as never] }),
  scenario({ name: 'faqs-no-consent', description: 'The FAQ page before any consent', url: 'https://www.firm.example/advisor/faqs.html', consent: 'none', environments: ['prod'],
    push: [{ event: 'Page Load Completed' } as never] }),
]);
`;

let root: string;
const RULE = 'rules/page-view.ts';

beforeAll(() => {
  root = container('diff-cli', {
    // The container's site settings and consent provider (stored consent decides).
    'rules/site.config.ts': `export * from ${abs('rules/site.config.ts')};\nexport { default } from ${abs('rules/site.config.ts')};\n`,
    'rules/consent-provider.ts': `export { default } from ${abs('rules/consent/provider.ts')};\n`,
    [RULE]: pageRule('advisor > faqs > FAQs'),
    // Imports the runtime through the project's runtime/ (a link, as in a real project): unchanged.
    'rules/other.ts': `import { rule } from '../runtime/declare';\nexport default rule({ id: 'other', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'log', sends: 'necessary', run: () => undefined }] });\n`, 'rules/lib/mapping.ts': MAPPING, 'tests/scenarios/pages.ts': SCENARIOS,
    // As in a real project: what builds and caches write is not part of the repository.
    '.gitignore': 'node_modules/\nbuild/\n.tagc-tmp/\n' }, { linkRuntime: true });
  commitAll(root, 'sample container');
});
afterAll(() => removeContainer(root));
afterEach(() => {
  git(root, ['checkout', '--', '.']);
  git(root, ['clean', '-fdq']);
});

/** Runs `tagc diff` in-process on a sample container (default: the one above): exit code, stdout, stderr. */
async function tagcDiffIn(dir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  // One simulation worker: a side has three simulations here, fewer than a worker's start-up
  // costs (tests/compiler/simulation-pool.test.ts covers spreading jobs over workers).
  const r = await tagcInProcess(['diff', '--workers', '1', ...args], dir);
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const tagcDiff = (...args: string[]) => tagcDiffIn(root, ...args);

describe('tagc diff', () => {
  it('prints "no behaviour change" and exits 0 when the working tree is the base commit', async () => {
    const { code, out } = await tagcDiff('--base', 'HEAD', '--fail-on', 'new-host,consent,removed-rule,size:+1');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe('**tagc diff** `HEAD` ⟶ `working tree`: no behaviour change, ±0 B gzip in prod');
    expect(out).not.toContain('<details>');
    // The temporary worktree and build folders are gone.
    expect(git(root, ['worktree', 'list']).trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(root, '.tagc-tmp')) ? readdirSync(join(root, '.tagc-tmp')) : []).toEqual([]);
  });

  it('names the scenario, its environments and the page-name change with the mapping names in markdown', async () => {
    writeFileSync(join(root, RULE), pageRule('advisor > faqs > Frequently Asked Questions'));
    const { code, out } = await tagcDiff('--base', 'HEAD');
    expect(code).toBe(0);
    const [summary] = out.split('\n');
    expect(summary).toMatch(/^\*\*tagc diff\*\* `HEAD` ⟶ `working tree`: 1 scenario changes in prod, 1 in stg, [+−]\d+ B gzip in prod; structure changes in 5 environments$/);
    expect(out).toContain('<details><summary>`faqs-consented` — The FAQ page with every category consented (stg, prod)</summary>');
    expect(out).toContain('**stg, prod**');
    expect(out).toContain('| `pageName` | `advisor > faqs > FAQs` | `advisor > faqs > Frequently Asked Questions` |');
    expect(out).toContain('| `v22` eVar22 (pageName) | `advisor > faqs > FAQs` | `advisor > faqs > Frequently Asked Questions` |');
    expect(out).toContain('<details><summary>Structure — test, dev, stg, prod, internal</summary>\n\n- rule changed: `page-view` — source, actions\n\n</details>');
    expect(out).toMatch(/\| prod \| [\d,]+ B \| [\d,]+ B \| \+\d+ B \| \+44 B \|/);
    // Without consent nothing is sent, so that scenario does not change.
    expect(out).not.toContain('faqs-no-consent');
  });

  it('carries the same facts as JSON', async () => {
    writeFileSync(join(root, RULE), pageRule('advisor > faqs > Frequently Asked Questions'));
    const { code, out } = await tagcDiff('--base', 'HEAD', '--format', 'json', '--env', 'prod');
    expect(code).toBe(0);
    const report = JSON.parse(out) as DiffReport;
    expect(report.environments).toEqual(['prod']);
    expect(report.behaviour?.scenarios).toBe(2);
    expect(report.behaviour?.changes.map((c) => [c.scenario, c.envs.map((e) => e.env)])).toEqual([['faqs-consented', ['prod']]]);
    const beacon = report.behaviour!.changes[0]!.envs[0]!.requests.changed[0]!;
    expect(beacon.url).toContain('metrics.firm.example');
    expect(beacon.params).toEqual([
      { key: 'pageName', label: 'pageName', base: 'advisor > faqs > FAQs', head: 'advisor > faqs > Frequently Asked Questions' },
      { key: 'v22', label: 'eVar22 (pageName)', base: 'advisor > faqs > FAQs', head: 'advisor > faqs > Frequently Asked Questions' },
    ]);
  });

  it('lists a pixel on a new host and exits 1 with --fail-on new-host (0 without)', async () => {
    writeFileSync(join(root, PIXEL_RULE), pixelRule('ad.pixels.example'));
    const failing = await tagcDiff('--base', 'HEAD', '--env', 'prod', '--fail-on', 'new-host');
    expect(failing.code).toBe(1);
    expect(failing.out).toContain('- **new host** `ad.pixels.example` (img-src, advertising) by ad-pixel');
    expect(failing.out).toContain('- rule added: `ad-pixel` (rules/ad-pixel.ts)');
    expect(failing.out).toContain("- request appeared (image): `GET https://ad.pixels.example/ddm/activity/src=123?cat=faq&dc_lat=&dc_rdid=&npa=&ord={random}&");
    expect(failing.out).toContain("- now skipped: `ad-pixel @ Page Load Completed`");
    expect(failing.out.split('\n')[0]).toContain(' — fails on new-host (prod: ad.pixels.example)');
    expect(failing.err).toContain('tagc diff: fails on new-host (prod: ad.pixels.example)');
    // The exit code reads the structure only (compiler/diff/fail-on.ts): the scenarios, run above, are not run again.
    const passing = await tagcDiff('--base', 'HEAD', '--env', 'prod', '--fail-on', 'removed-rule,consent', '--no-scenarios');
    expect(passing.code).toBe(0);
  });

  it('compares two build folders, structure only with --no-scenarios', async () => {
    const dirs = mkdtempSync(join(tmpdir(), 'tagc-diff-'));
    try {
      await compile({ root, outDir: join(dirs, 'a'), envs: ['prod'] });
      writeFileSync(join(root, PIXEL_RULE), pixelRule('ad.pixels.example'));
      await compile({ root, outDir: join(dirs, 'b'), envs: ['prod'] });
      const { code, out } = await tagcDiff('--base', join(dirs, 'a'), '--head', join(dirs, 'b'), '--format', 'json', '--no-scenarios');
      expect(code).toBe(0);
      const report = JSON.parse(out) as DiffReport;
      expect(report.behaviour).toBeUndefined();
      expect(report.environments).toEqual(['prod']);
      expect(report.structure[0]!.hosts.added.map((h) => h.host)).toEqual(['ad.pixels.example']);
      expect(report.structure[0]!.rules.added.map((r) => r.name)).toEqual(['ad-pixel']);
      expect(report.structure[0]!.size.gzipBytes).toBeGreaterThan(0);
    } finally {
      rmSync(dirs, { recursive: true, force: true });
    }
  });

  it('refuses an unknown ref, an unknown --fail-on condition and a missing --base with a clear message', async () => {
    const ref = await tagcDiff('--base', 'no-such-branch');
    expect(ref.code).toBe(1);
    expect(ref.err).toContain('--base no-such-branch: neither a build folder (with manifest.json) nor a commit of the repository at');
    const cond = await tagcDiff('--base', 'HEAD', '--fail-on', 'new-host,everything');
    expect(cond.code).toBe(2);
    expect(cond.err).toContain('--fail-on: unknown condition "everything" (new-host, consent, removed-rule, size:+<gzip bytes>)');
    const none = await tagcDiff();
    expect(none.code).toBe(2);
    expect(none.err).toContain('tagc diff: --base is required');
    expect(existsSync(join(root, '.tagc-tmp')) ? readdirSync(join(root, '.tagc-tmp')) : []).toEqual([]);
  });

  it('keeps a ref\'s build for the next diff of the same tree, and builds afresh with --no-cache or for another commit', async () => {
    const kept = join(root, 'node_modules', '.cache', 'tagc', 'diff-base');
    const run = async (...args: string[]) => {
      const r = await tagcDiff('--format', 'json', '--no-scenarios', '--env', 'stg', ...args);
      expect(r.code, r.err).toBe(0);
      return { report: JSON.parse(r.out) as DiffReport, err: r.err };
    };
    // Builds kept by the tests above (every environment of HEAD) would answer the first diff.
    rmSync(kept, { recursive: true, force: true });
    const first = await run('--base', 'HEAD');
    expect(first.report.base.cached).toBe(false);
    const again = await run('--base', 'HEAD');
    expect(again.report.base.cached).toBe(true);
    expect(again.err).toContain('tagc diff: HEAD: reusing its build kept by an earlier diff');
    expect(again.report.structure).toEqual(first.report.structure);

    // A kept build of every environment answers a diff of one, with what building it alone gives.
    const json = async (...args: string[]) => {
      const r = await tagcDiff('--format', 'json', '--no-scenarios', '--base', 'HEAD', ...args);
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out) as DiffReport;
    };
    expect((await json()).base.cached).toBe(false);
    const prod = await json('--env', 'prod');
    expect(prod.base.cached).toBe(true);
    expect(prod.environments).toEqual(['prod']);
    // --no-cache builds afresh where a kept build would answer (the diff just above).
    const fresh = await json('--env', 'prod', '--no-cache');
    expect(fresh.base.cached).toBe(false);
    expect(prod.structure).toEqual(fresh.structure);

    // A new commit is another tree; the previous one is still kept.
    writeFileSync(join(root, PIXEL_RULE), pixelRule('ad.pixels.example'));
    commitAll(root, 'a pixel');
    try {
      const next = await run('--base', 'HEAD');
      expect(next.report.base.cached).toBe(false);
      expect(next.report.structure[0]!.rules.added).toEqual([]);
      const previous = await run('--base', 'HEAD~1');
      expect(previous.report.base.cached).toBe(true);
      expect(previous.report.structure[0]!.rules.added.map((r) => r.name)).toEqual(['ad-pixel']);
      expect(readdirSync(kept).length).toBeLessThanOrEqual(KEPT_BASES);
      expect(readdirSync(kept).every((d) => existsSync(join(kept, d, 'manifest.json')))).toBe(true);
    } finally {
      git(root, ['reset', '-q', '--hard', 'HEAD~1']);
    }
    expect(git(root, ['worktree', 'list']).trim().split('\n')).toHaveLength(1);
  });
});

describe('tagc diff of a project with its own runtime copy', () => {
  // A runtime that differs from this tagc's in what a beacon sends (ndh=2 where tagc's sends ndh=1):
  // both sides run it, so a base ref with no rule change shows no difference.
  const BEACON = 'runtime/analytics/beacon.ts';
  const NDH = /&ndh=\d&/;
  let own: string;
  const setNdh = (value: number) => {
    const text = readFileSync(join(own, BEACON), 'utf8');
    expect(text).toMatch(NDH);
    writeFileSync(join(own, BEACON), text.replace(NDH, `&ndh=${value}&`));
  };
  beforeAll(() => {
    own = container('diff-own-runtime', {
      // Every module imports the project's runtime, as the generated types do.
      'rules/consent-provider.ts': `import { impliedConsent, libraryLoaded, rule } from '../runtime/declare';
export default rule({ id: 'consent-provider', description: 'No consent manager', events: [libraryLoaded()], order: 1, actions: [impliedConsent()] });\n`,
      'rules/page-view.ts': `import { rule } from '../runtime/declare';\nimport { sendPageView } from '../runtime/actions/analytics-page-view';
export default rule({ id: 'page-view', description: 'The page view', events: ['Page Load Completed'], consent: 'analytics', actions: [sendPageView({ settings: ${SETTINGS}, vars: { pageName: 'faqs' } })] });\n`,
      'tests/scenarios/pages.ts': `import { scenario, scenarios } from ${JSON.stringify(join(REPO, 'compiler', 'scenarios', 'index.ts'))};
export default scenarios('pages', [scenario({ name: 'faqs', description: 'The FAQ page', url: 'https://www.firm.example/advisor/faqs.html', environments: ['prod'], push: [{ event: 'Page Load Completed' } as never] })]);\n`,
      '.gitignore': 'node_modules/\nbuild/\n.tagc-tmp/\n',
    });
    cpSync(join(REPO, 'runtime'), join(own, 'runtime'), { recursive: true });
    setNdh(2);
    commitAll(own, 'a project with its own runtime');
  });
  afterAll(() => removeContainer(own));

  it('builds the base with that runtime: no difference against a ref with no rule change, and a kept base is not reused once the runtime changes', async () => {
    const run = async (...args: string[]) => {
      const r = await tagcDiffIn(own, '--base', 'HEAD', '--format', 'json', '--env', 'prod', ...args);
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out) as DiffReport;
    };
    const first = await run();
    expect(first.behaviour?.runs).toBe(1);
    expect(first.behaviour?.changes).toEqual([]);
    expect(first.structure[0]!.size.gzipBytes).toBe(0);
    // Scenarios are not part of a kept base's key (compiler/diff/base-cache.ts): the reuse is checked without running them.
    expect((await run('--no-scenarios')).base.cached).toBe(true);
    // The working tree's runtime changes (not committed): the base kept with the old one is built again, with the new one.
    setNdh(3);
    const changed = await run();
    expect(changed.base.cached).toBe(false);
    expect(changed.behaviour?.changes).toEqual([]);
  });
});

describe('the tool fingerprint of kept base builds', () => {
  it('changes with the content of a compiler or runtime source, not with its modification time', () => {
    const tool = mkdtempSync(join(tmpdir(), 'tagc-tool-'));
    try {
      mkdirSync(join(tool, 'compiler', 'phases'), { recursive: true });
      mkdirSync(join(tool, 'runtime', 'core'), { recursive: true });
      writeFileSync(join(tool, 'compiler', 'phases', 'emit.ts'), 'export const a = 1;\n');
      writeFileSync(join(tool, 'runtime', 'core', 'start.ts'), 'export const b = 2;\n');
      const before = toolFingerprint(tool);
      expect(before).toMatch(/^[0-9a-f]{64}$/);
      utimesSync(join(tool, 'runtime', 'core', 'start.ts'), new Date(0), new Date(0));
      expect(toolFingerprint(tool)).toBe(before);
      writeFileSync(join(tool, 'runtime', 'core', 'start.ts'), 'export const b = 3;\n');
      const runtimeChanged = toolFingerprint(tool);
      expect(runtimeChanged).not.toBe(before);
      writeFileSync(join(tool, 'compiler', 'phases', 'emit.ts'), 'export const a = 2;\n');
      expect(toolFingerprint(tool)).not.toBe(runtimeChanged);
    } finally {
      rmSync(tool, { recursive: true, force: true });
    }
  });
});
